from typing import Literal

GetVerificationRequestResponse200RequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

GET_VERIFICATION_REQUEST_RESPONSE_200_REQUESTED_BY_ROLE_VALUES: set[
    GetVerificationRequestResponse200RequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_get_verification_request_response_200_requested_by_role(
    value: str,
) -> GetVerificationRequestResponse200RequestedByRole:
    if value in GET_VERIFICATION_REQUEST_RESPONSE_200_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_VERIFICATION_REQUEST_RESPONSE_200_REQUESTED_BY_ROLE_VALUES!r}"
    )
