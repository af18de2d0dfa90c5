from typing import Literal

GrantMandateBodyPeriod = Literal["DAY", "MONTH", "WEEK"]

GRANT_MANDATE_BODY_PERIOD_VALUES: set[GrantMandateBodyPeriod] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_grant_mandate_body_period(value: str) -> GrantMandateBodyPeriod:
    if value in GRANT_MANDATE_BODY_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_MANDATE_BODY_PERIOD_VALUES!r}"
    )
