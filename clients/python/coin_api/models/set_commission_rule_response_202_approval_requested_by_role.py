from typing import Literal

SetCommissionRuleResponse202ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    SetCommissionRuleResponse202ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_set_commission_rule_response_202_approval_requested_by_role(
    value: str,
) -> SetCommissionRuleResponse202ApprovalRequestedByRole:
    if value in SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
