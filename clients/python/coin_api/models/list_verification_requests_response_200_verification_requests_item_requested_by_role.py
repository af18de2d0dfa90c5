from typing import Literal

ListVerificationRequestsResponse200VerificationRequestsItemRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES: set[
    ListVerificationRequestsResponse200VerificationRequestsItemRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_verification_requests_response_200_verification_requests_item_requested_by_role(
    value: str,
) -> ListVerificationRequestsResponse200VerificationRequestsItemRequestedByRole:
    if (
        value
        in LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_REQUESTED_BY_ROLE_VALUES!r}"
    )
