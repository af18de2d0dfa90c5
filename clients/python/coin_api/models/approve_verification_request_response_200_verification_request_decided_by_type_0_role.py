from typing import Literal

ApproveVerificationRequestResponse200VerificationRequestDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ApproveVerificationRequestResponse200VerificationRequestDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_verification_request_response_200_verification_request_decided_by_type_0_role(
    value: str,
) -> ApproveVerificationRequestResponse200VerificationRequestDecidedByType0Role:
    if (
        value
        in APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
