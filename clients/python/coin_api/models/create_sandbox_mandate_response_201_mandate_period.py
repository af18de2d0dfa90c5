from typing import Literal

CreateSandboxMandateResponse201MandatePeriod = Literal["DAY", "MONTH", "WEEK"]

CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_PERIOD_VALUES: set[
    CreateSandboxMandateResponse201MandatePeriod
] = {
    "DAY",
    "MONTH",
    "WEEK",
}


def check_create_sandbox_mandate_response_201_mandate_period(
    value: str,
) -> CreateSandboxMandateResponse201MandatePeriod:
    if value in CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_PERIOD_VALUES!r}"
    )
