from typing import Literal

ApproveVerificationRequestResponse200VerificationRequestActType = Literal[
    "user.set-verification"
]

APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_ACT_TYPE_VALUES: set[
    ApproveVerificationRequestResponse200VerificationRequestActType
] = {
    "user.set-verification",
}


def check_approve_verification_request_response_200_verification_request_act_type(
    value: str,
) -> ApproveVerificationRequestResponse200VerificationRequestActType:
    if (
        value
        in APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_ACT_TYPE_VALUES!r}"
    )
