from typing import Literal

ListVerificationRequestsResponse200VerificationRequestsItemDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ListVerificationRequestsResponse200VerificationRequestsItemDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_verification_requests_response_200_verification_requests_item_decided_by_type_0_kind(
    value: str,
) -> ListVerificationRequestsResponse200VerificationRequestsItemDecidedByType0Kind:
    if (
        value
        in LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
