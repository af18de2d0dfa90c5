from typing import Literal

ListVerificationRequestsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_VERIFICATION_REQUESTS_STATUS_VALUES: set[ListVerificationRequestsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_verification_requests_status(
    value: str,
) -> ListVerificationRequestsStatus:
    if value in LIST_VERIFICATION_REQUESTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_VERIFICATION_REQUESTS_STATUS_VALUES!r}"
    )
