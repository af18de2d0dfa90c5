from typing import Literal

RejectVerificationRequestResponse200VerificationRequestDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RejectVerificationRequestResponse200VerificationRequestDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_verification_request_response_200_verification_request_decided_by_type_0_kind(
    value: str,
) -> RejectVerificationRequestResponse200VerificationRequestDecidedByType0Kind:
    if (
        value
        in REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
