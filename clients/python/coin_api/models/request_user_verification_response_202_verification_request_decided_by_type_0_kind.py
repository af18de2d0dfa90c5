from typing import Literal

RequestUserVerificationResponse202VerificationRequestDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RequestUserVerificationResponse202VerificationRequestDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_user_verification_response_202_verification_request_decided_by_type_0_kind(
    value: str,
) -> RequestUserVerificationResponse202VerificationRequestDecidedByType0Kind:
    if (
        value
        in REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
