from typing import Literal

CancelMandateResponse200MandateCancelledByType0 = Literal["admin", "client", "user"]

CANCEL_MANDATE_RESPONSE_200_MANDATE_CANCELLED_BY_TYPE_0_VALUES: set[
    CancelMandateResponse200MandateCancelledByType0
] = {
    "admin",
    "client",
    "user",
}


def check_cancel_mandate_response_200_mandate_cancelled_by_type_0(
    value: str,
) -> CancelMandateResponse200MandateCancelledByType0:
    if value in CANCEL_MANDATE_RESPONSE_200_MANDATE_CANCELLED_BY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_MANDATE_RESPONSE_200_MANDATE_CANCELLED_BY_TYPE_0_VALUES!r}"
    )
