from typing import Literal

GetVerificationRequestResponse200RequestedByKind = Literal[
    "operator", "service", "system", "user"
]

GET_VERIFICATION_REQUEST_RESPONSE_200_REQUESTED_BY_KIND_VALUES: set[
    GetVerificationRequestResponse200RequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_get_verification_request_response_200_requested_by_kind(
    value: str,
) -> GetVerificationRequestResponse200RequestedByKind:
    if value in GET_VERIFICATION_REQUEST_RESPONSE_200_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_VERIFICATION_REQUEST_RESPONSE_200_REQUESTED_BY_KIND_VALUES!r}"
    )
