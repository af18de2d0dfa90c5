from typing import Literal

CreateSandboxMandateBodyPeriod = Literal["DAY", "MONTH", "WEEK"]

CREATE_SANDBOX_MANDATE_BODY_PERIOD_VALUES: set[CreateSandboxMandateBodyPeriod] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_create_sandbox_mandate_body_period(
    value: str,
) -> CreateSandboxMandateBodyPeriod:
    if value in CREATE_SANDBOX_MANDATE_BODY_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_MANDATE_BODY_PERIOD_VALUES!r}"
    )
