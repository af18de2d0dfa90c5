from typing import Literal

RejectPayoutRequestCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_PAYOUT_REQUEST_COIN_VERSION_VALUES: set[RejectPayoutRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_payout_request_coin_version(
    value: str,
) -> RejectPayoutRequestCoinVersion:
    if value in REJECT_PAYOUT_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_PAYOUT_REQUEST_COIN_VERSION_VALUES!r}"
    )
