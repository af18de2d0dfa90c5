from typing import Literal

CancelMandateResponse200MandatePeriod = Literal["DAY", "MONTH", "WEEK"]

CANCEL_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES: set[
    CancelMandateResponse200MandatePeriod
] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_cancel_mandate_response_200_mandate_period(
    value: str,
) -> CancelMandateResponse200MandatePeriod:
    if value in CANCEL_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES!r}"
    )
