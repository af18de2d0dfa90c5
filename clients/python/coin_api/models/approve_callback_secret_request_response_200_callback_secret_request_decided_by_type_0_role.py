from typing import Literal

ApproveCallbackSecretRequestResponse200CallbackSecretRequestDecidedByType0Role = (
    Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]
)

APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ApproveCallbackSecretRequestResponse200CallbackSecretRequestDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_callback_secret_request_response_200_callback_secret_request_decided_by_type_0_role(
    value: str,
) -> ApproveCallbackSecretRequestResponse200CallbackSecretRequestDecidedByType0Role:
    if (
        value
        in APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CALLBACK_SECRET_REQUEST_RESPONSE_200_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
