from typing import Literal

GrantRequestStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

GRANT_REQUEST_STATUS_VALUES: set[GrantRequestStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_grant_request_status(value: str) -> GrantRequestStatus:
    if value in GRANT_REQUEST_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_REQUEST_STATUS_VALUES!r}"
    )
