from typing import Literal

RequestUnfreezeResponse200ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    RequestUnfreezeResponse200ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_unfreeze_response_200_approval_decided_by_type_0_role(
    value: str,
) -> RequestUnfreezeResponse200ApprovalDecidedByType0Role:
    if value in REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
