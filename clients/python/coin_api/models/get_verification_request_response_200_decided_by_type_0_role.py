from typing import Literal

GetVerificationRequestResponse200DecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

GET_VERIFICATION_REQUEST_RESPONSE_200_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    GetVerificationRequestResponse200DecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_get_verification_request_response_200_decided_by_type_0_role(
    value: str,
) -> GetVerificationRequestResponse200DecidedByType0Role:
    if value in GET_VERIFICATION_REQUEST_RESPONSE_200_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_VERIFICATION_REQUEST_RESPONSE_200_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
