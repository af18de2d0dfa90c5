from typing import Literal

SetCommissionRuleResponse202ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    SetCommissionRuleResponse202ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_set_commission_rule_response_202_approval_requested_by_kind(
    value: str,
) -> SetCommissionRuleResponse202ApprovalRequestedByKind:
    if value in SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
