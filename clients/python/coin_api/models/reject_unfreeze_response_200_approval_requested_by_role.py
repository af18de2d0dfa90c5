from typing import Literal

RejectUnfreezeResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    RejectUnfreezeResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_unfreeze_response_200_approval_requested_by_role(
    value: str,
) -> RejectUnfreezeResponse200ApprovalRequestedByRole:
    if value in REJECT_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
