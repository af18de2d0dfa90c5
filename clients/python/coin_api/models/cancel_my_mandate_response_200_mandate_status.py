from typing import Literal

CancelMyMandateResponse200MandateStatus = Literal[
    "ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"
]

CANCEL_MY_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES: set[
    CancelMyMandateResponse200MandateStatus
] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_cancel_my_mandate_response_200_mandate_status(
    value: str,
) -> CancelMyMandateResponse200MandateStatus:
    if value in CANCEL_MY_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_MY_MANDATE_RESPONSE_200_MANDATE_STATUS_VALUES!r}"
    )
