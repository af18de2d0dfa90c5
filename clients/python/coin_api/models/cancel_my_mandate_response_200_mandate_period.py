from typing import Literal

CancelMyMandateResponse200MandatePeriod = Literal["DAY", "MONTH", "WEEK"]

CANCEL_MY_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES: set[
    CancelMyMandateResponse200MandatePeriod
] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_cancel_my_mandate_response_200_mandate_period(
    value: str,
) -> CancelMyMandateResponse200MandatePeriod:
    if value in CANCEL_MY_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_MY_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES!r}"
    )
