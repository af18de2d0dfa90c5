from typing import Literal

CancelClientMandateResponse200MandateStatus = Literal[
    "ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"
]

CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES: set[
    CancelClientMandateResponse200MandateStatus
] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_cancel_client_mandate_response_200_mandate_status(
    value: str,
) -> CancelClientMandateResponse200MandateStatus:
    if value in CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES!r}"
    )
