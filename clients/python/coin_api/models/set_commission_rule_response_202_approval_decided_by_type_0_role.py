from typing import Literal

SetCommissionRuleResponse202ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    SetCommissionRuleResponse202ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_set_commission_rule_response_202_approval_decided_by_type_0_role(
    value: str,
) -> SetCommissionRuleResponse202ApprovalDecidedByType0Role:
    if value in SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
