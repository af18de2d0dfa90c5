from typing import Literal

RejectVerificationRequestResponse200VerificationRequestActType = Literal[
    "user.set-verification"
]

REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_ACT_TYPE_VALUES: set[
    RejectVerificationRequestResponse200VerificationRequestActType
] = {
    "user.set-verification",
}


def check_reject_verification_request_response_200_verification_request_act_type(
    value: str,
) -> RejectVerificationRequestResponse200VerificationRequestActType:
    if (
        value
        in REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_VERIFICATION_REQUEST_RESPONSE_200_VERIFICATION_REQUEST_ACT_TYPE_VALUES!r}"
    )
