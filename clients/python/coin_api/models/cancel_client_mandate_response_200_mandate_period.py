from typing import Literal

CancelClientMandateResponse200MandatePeriod = Literal["DAY", "MONTH", "WEEK"]

CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES: set[
    CancelClientMandateResponse200MandatePeriod
] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_cancel_client_mandate_response_200_mandate_period(
    value: str,
) -> CancelClientMandateResponse200MandatePeriod:
    if value in CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_PERIOD_VALUES!r}"
    )
