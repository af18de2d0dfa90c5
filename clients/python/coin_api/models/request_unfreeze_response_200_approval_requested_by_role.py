from typing import Literal

RequestUnfreezeResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    RequestUnfreezeResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_unfreeze_response_200_approval_requested_by_role(
    value: str,
) -> RequestUnfreezeResponse200ApprovalRequestedByRole:
    if value in REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
