from typing import Literal

RejectVerificationRequestResponse200VerificationRequestDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    RejectVerificationRequestResponse200VerificationRequestDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_verification_request_response_200_verification_request_decided_by_type_0_role(
    value: str,
) -> RejectVerificationRequestResponse200VerificationRequestDecidedByType0Role:
    if (
        value
        in REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
