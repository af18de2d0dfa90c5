from typing import Literal

RejectVerificationRequestResponse200VerificationRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_STATUS_VALUES: set[
    RejectVerificationRequestResponse200VerificationRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_verification_request_response_200_verification_request_status(
    value: str,
) -> RejectVerificationRequestResponse200VerificationRequestStatus:
    if (
        value
        in REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_STATUS_VALUES!r}"
    )
