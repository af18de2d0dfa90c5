from typing import Literal

ApproveVerificationRequestResponse200VerificationRequestDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ApproveVerificationRequestResponse200VerificationRequestDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_verification_request_response_200_verification_request_decided_by_type_0_kind(
    value: str,
) -> ApproveVerificationRequestResponse200VerificationRequestDecidedByType0Kind:
    if (
        value
        in APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
