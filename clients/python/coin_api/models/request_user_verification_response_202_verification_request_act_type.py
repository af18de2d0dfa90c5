from typing import Literal

RequestUserVerificationResponse202VerificationRequestActType = Literal[
    "user.set-verification"
]

REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_ACT_TYPE_VALUES: set[
    RequestUserVerificationResponse202VerificationRequestActType
] = {
    "user.set-verification",
}


def check_request_user_verification_response_202_verification_request_act_type(
    value: str,
) -> RequestUserVerificationResponse202VerificationRequestActType:
    if (
        value
        in REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_ACT_TYPE_VALUES!r}"
    )
