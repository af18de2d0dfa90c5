from typing import Literal

CancelMandateResponse200MandateStatus = Literal[
    "ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"
]

CANCEL_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES: set[
    CancelMandateResponse200MandateStatus
] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_cancel_mandate_response_200_mandate_status(
    value: str,
) -> CancelMandateResponse200MandateStatus:
    if value in CANCEL_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES!r}"
    )
