from typing import Literal

RejectVerificationRequestResponse200VerificationRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    RejectVerificationRequestResponse200VerificationRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_verification_request_response_200_verification_request_requested_by_kind(
    value: str,
) -> RejectVerificationRequestResponse200VerificationRequestRequestedByKind:
    if (
        value
        in REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
