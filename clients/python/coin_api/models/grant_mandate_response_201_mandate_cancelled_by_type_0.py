from typing import Literal

GrantMandateResponse201MandateCancelledByType0 = Literal["admin", "client", "user"]

GRANT_MANDATE_RESPONSE_201_MANDATE_CANCELLED_BY_TYPE_0_VALUES: set[
    GrantMandateResponse201MandateCancelledByType0
] = {
    "admin",
    "client",
    "user",
}


def check_grant_mandate_response_201_mandate_cancelled_by_type_0(
    value: str,
) -> GrantMandateResponse201MandateCancelledByType0:
    if value in GRANT_MANDATE_RESPONSE_201_MANDATE_CANCELLED_BY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_MANDATE_RESPONSE_201_MANDATE_CANCELLED_BY_TYPE_0_VALUES!r}"
    )
