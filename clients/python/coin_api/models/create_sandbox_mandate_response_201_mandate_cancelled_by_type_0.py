from typing import Literal

CreateSandboxMandateResponse201MandateCancelledByType0 = Literal[
    "admin", "client", "user"
]

CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_CANCELLED_BY_TYPE_0_VALUES: set[
    CreateSandboxMandateResponse201MandateCancelledByType0
] = {
    "admin",
    "client",
    "user",
}


def check_create_sandbox_mandate_response_201_mandate_cancelled_by_type_0(
    value: str,
) -> CreateSandboxMandateResponse201MandateCancelledByType0:
    if value in CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_CANCELLED_BY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_MANDATE_RESPONSE_201_MANDATE_CANCELLED_BY_TYPE_0_VALUES!r}"
    )
