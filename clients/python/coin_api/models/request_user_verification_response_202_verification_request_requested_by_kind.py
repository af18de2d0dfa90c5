from typing import Literal

RequestUserVerificationResponse202VerificationRequestRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES: set[
    RequestUserVerificationResponse202VerificationRequestRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_user_verification_response_202_verification_request_requested_by_kind(
    value: str,
) -> RequestUserVerificationResponse202VerificationRequestRequestedByKind:
    if (
        value
        in REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_USER_VERIFICATION_RESPONSE_202_VERIFICATION_REQUEST_REQUESTED_BY_KIND_VALUES!r}"
    )
