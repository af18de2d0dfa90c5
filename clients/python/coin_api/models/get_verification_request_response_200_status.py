from typing import Literal

GetVerificationRequestResponse200Status = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

GET_VERIFICATION_REQUEST_RESPONSE_200_STATUS_VALUES: set[
    GetVerificationRequestResponse200Status
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_get_verification_request_response_200_status(
    value: str,
) -> GetVerificationRequestResponse200Status:
    if value in GET_VERIFICATION_REQUEST_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_VERIFICATION_REQUEST_RESPONSE_200_STATUS_VALUES!r}"
    )
