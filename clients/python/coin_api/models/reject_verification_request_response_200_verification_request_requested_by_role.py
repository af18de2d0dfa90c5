from typing import Literal

RejectVerificationRequestResponse200VerificationRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    RejectVerificationRequestResponse200VerificationRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_verification_request_response_200_verification_request_requested_by_role(
    value: str,
) -> RejectVerificationRequestResponse200VerificationRequestRequestedByRole:
    if (
        value
        in REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
