from typing import Literal

ListVerificationRequestsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_VERIFICATION_REQUESTS_COIN_VERSION_VALUES: set[
    ListVerificationRequestsCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_list_verification_requests_coin_version(
    value: str,
) -> ListVerificationRequestsCoinVersion:
    if value in LIST_VERIFICATION_REQUESTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_VERIFICATION_REQUESTS_COIN_VERSION_VALUES!r}"
    )
