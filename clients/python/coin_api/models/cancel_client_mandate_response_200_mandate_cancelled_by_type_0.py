from typing import Literal

CancelClientMandateResponse200MandateCancelledByType0 = Literal[
    "admin", "client", "user"
]

CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_CANCELLED_BY_TYPE_0_VALUES: set[
    CancelClientMandateResponse200MandateCancelledByType0
] = {
    "admin",
    "client",
    "user",
}


def check_cancel_client_mandate_response_200_mandate_cancelled_by_type_0(
    value: str,
) -> CancelClientMandateResponse200MandateCancelledByType0:
    if value in CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_CANCELLED_BY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CLIENT_MANDATE_RESPONSE_200_MANDATE_CANCELLED_BY_TYPE_0_VALUES!r}"
    )
