from typing import Literal

SetCommissionRuleResponse202ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_STATUS_VALUES: set[
    SetCommissionRuleResponse202ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_set_commission_rule_response_202_approval_status(
    value: str,
) -> SetCommissionRuleResponse202ApprovalStatus:
    if value in SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_STATUS_VALUES!r}"
    )
