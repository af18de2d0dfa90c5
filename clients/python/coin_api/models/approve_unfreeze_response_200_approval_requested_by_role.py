from typing import Literal

ApproveUnfreezeResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    ApproveUnfreezeResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_unfreeze_response_200_approval_requested_by_role(
    value: str,
) -> ApproveUnfreezeResponse200ApprovalRequestedByRole:
    if value in APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
