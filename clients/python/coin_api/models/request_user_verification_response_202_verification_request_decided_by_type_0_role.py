from typing import Literal

RequestUserVerificationResponse202VerificationRequestDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    RequestUserVerificationResponse202VerificationRequestDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_user_verification_response_202_verification_request_decided_by_type_0_role(
    value: str,
) -> RequestUserVerificationResponse202VerificationRequestDecidedByType0Role:
    if (
        value
        in REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
