from typing import Literal

ApproveUnfreezeResponse200ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ApproveUnfreezeResponse200ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_unfreeze_response_200_approval_decided_by_type_0_role(
    value: str,
) -> ApproveUnfreezeResponse200ApprovalDecidedByType0Role:
    if value in APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
