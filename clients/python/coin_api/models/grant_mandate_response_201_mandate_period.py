from typing import Literal

GrantMandateResponse201MandatePeriod = Literal["DAY", "MONTH", "WEEK"]

GRANT_MANDATE_RESPONSE_201_MANDATE_PERIOD_VALUES: set[
    GrantMandateResponse201MandatePeriod
] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_grant_mandate_response_201_mandate_period(
    value: str,
) -> GrantMandateResponse201MandatePeriod:
    if value in GRANT_MANDATE_RESPONSE_201_MANDATE_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_MANDATE_RESPONSE_201_MANDATE_PERIOD_VALUES!r}"
    )
