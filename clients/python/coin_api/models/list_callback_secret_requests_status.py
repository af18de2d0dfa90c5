from typing import Literal

ListCallbackSecretRequestsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_CALLBACK_SECRET_REQUESTS_STATUS_VALUES: set[ListCallbackSecretRequestsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_callback_secret_requests_status(
    value: str,
) -> ListCallbackSecretRequestsStatus:
    if value in LIST_CALLBACK_SECRET_REQUESTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CALLBACK_SECRET_REQUESTS_STATUS_VALUES!r}"
    )
