from typing import Literal

CreateSandboxMandateResponse201MandateStatus = Literal[
    "ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"
]

CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_STATUS_VALUES: set[
    CreateSandboxMandateResponse201MandateStatus
] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_create_sandbox_mandate_response_201_mandate_status(
    value: str,
) -> CreateSandboxMandateResponse201MandateStatus:
    if value in CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_STATUS_VALUES!r}"
    )
