from typing import Literal

ApproveVerificationRequestResponse200VerificationRequestRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES: set[
    ApproveVerificationRequestResponse200VerificationRequestRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_verification_request_response_200_verification_request_requested_by_role(
    value: str,
) -> ApproveVerificationRequestResponse200VerificationRequestRequestedByRole:
    if (
        value
        in APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_ROLE_VALUES!r}"
    )
