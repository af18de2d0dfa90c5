from typing import Literal

ListVerificationRequestsResponse200VerificationRequestsItemRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES: set[
    ListVerificationRequestsResponse200VerificationRequestsItemRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_verification_requests_response_200_verification_requests_item_requested_by_kind(
    value: str,
) -> ListVerificationRequestsResponse200VerificationRequestsItemRequestedByKind:
    if (
        value
        in LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_REQUESTED_BY_KIND_VALUES!r}"
    )
