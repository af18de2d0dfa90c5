from typing import Literal

SetCommissionRuleResponse202ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    SetCommissionRuleResponse202ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_set_commission_rule_response_202_approval_decided_by_type_0_kind(
    value: str,
) -> SetCommissionRuleResponse202ApprovalDecidedByType0Kind:
    if value in SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
