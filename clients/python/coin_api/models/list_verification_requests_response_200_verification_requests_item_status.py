from typing import Literal

ListVerificationRequestsResponse200VerificationRequestsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_STATUS_VALUES: set[
    ListVerificationRequestsResponse200VerificationRequestsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_verification_requests_response_200_verification_requests_item_status(
    value: str,
) -> ListVerificationRequestsResponse200VerificationRequestsItemStatus:
    if (
        value
        in LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_STATUS_VALUES!r}"
    )
