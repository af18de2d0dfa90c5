from typing import Literal

ApproveVerificationRequestResponse200VerificationRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_STATUS_VALUES: set[
    ApproveVerificationRequestResponse200VerificationRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approve_verification_request_response_200_verification_request_status(
    value: str,
) -> ApproveVerificationRequestResponse200VerificationRequestStatus:
    if (
        value
        in APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_STATUS_VALUES!r}"
    )
