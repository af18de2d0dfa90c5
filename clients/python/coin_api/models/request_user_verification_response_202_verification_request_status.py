from typing import Literal

RequestUserVerificationResponse202VerificationRequestStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_STATUS_VALUES: set[
    RequestUserVerificationResponse202VerificationRequestStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_request_user_verification_response_202_verification_request_status(
    value: str,
) -> RequestUserVerificationResponse202VerificationRequestStatus:
    if (
        value
        in REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_STATUS_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_STATUS_VALUES!r}"
    )
