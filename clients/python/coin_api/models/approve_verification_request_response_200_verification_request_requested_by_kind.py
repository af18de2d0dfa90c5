from typing import Literal

ApproveVerificationRequestResponse200VerificationRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    ApproveVerificationRequestResponse200VerificationRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_verification_request_response_200_verification_request_requested_by_kind(
    value: str,
) -> ApproveVerificationRequestResponse200VerificationRequestRequestedByKind:
    if (
        value
        in APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
