from typing import Literal

GetVerificationRequestResponse200DecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

GET_VERIFICATION_REQUEST_RESPONSE_200_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    GetVerificationRequestResponse200DecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_get_verification_request_response_200_decided_by_type_0_kind(
    value: str,
) -> GetVerificationRequestResponse200DecidedByType0Kind:
    if value in GET_VERIFICATION_REQUEST_RESPONSE_200_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_VERIFICATION_REQUEST_RESPONSE_200_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
