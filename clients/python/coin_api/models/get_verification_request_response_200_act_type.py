from typing import Literal

GetVerificationRequestResponse200ActType = Literal["user.set-verification"]

GET_VERIFICATION_REQUEST_RESPONSE_200_ACT_TYPE_VALUES: set[
    GetVerificationRequestResponse200ActType
] = {
    "user.set-verification",
}


def check_get_verification_request_response_200_act_type(
    value: str,
) -> GetVerificationRequestResponse200ActType:
    if value in GET_VERIFICATION_REQUEST_RESPONSE_200_ACT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_VERIFICATION_REQUEST_RESPONSE_200_ACT_TYPE_VALUES!r}"
    )
