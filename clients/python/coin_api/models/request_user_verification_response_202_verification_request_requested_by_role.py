from typing import Literal

RequestUserVerificationResponse202VerificationRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    RequestUserVerificationResponse202VerificationRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_user_verification_response_202_verification_request_requested_by_role(
    value: str,
) -> RequestUserVerificationResponse202VerificationRequestRequestedByRole:
    if (
        value
        in REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
