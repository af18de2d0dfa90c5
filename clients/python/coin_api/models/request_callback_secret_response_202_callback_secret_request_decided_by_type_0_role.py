from typing import Literal

RequestCallbackSecretResponse202CallbackSecretRequestDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    RequestCallbackSecretResponse202CallbackSecretRequestDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_callback_secret_response_202_callback_secret_request_decided_by_type_0_role(
    value: str,
) -> RequestCallbackSecretResponse202CallbackSecretRequestDecidedByType0Role:
    if (
        value
        in REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CALLBACK_SECRET_RESPONSE_202_CALLBACK_SECRET_REQUEST_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
