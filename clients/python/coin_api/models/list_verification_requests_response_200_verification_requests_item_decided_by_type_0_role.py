from typing import Literal

ListVerificationRequestsResponse200VerificationRequestsItemDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ListVerificationRequestsResponse200VerificationRequestsItemDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_verification_requests_response_200_verification_requests_item_decided_by_type_0_role(
    value: str,
) -> ListVerificationRequestsResponse200VerificationRequestsItemDecidedByType0Role:
    if (
        value
        in LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
