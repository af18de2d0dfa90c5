from typing import Literal

ApproveCommissionChangeResponse200ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ApproveCommissionChangeResponse200ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_commission_change_response_200_approval_decided_by_type_0_role(
    value: str,
) -> ApproveCommissionChangeResponse200ApprovalDecidedByType0Role:
    if (
        value
        in APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
