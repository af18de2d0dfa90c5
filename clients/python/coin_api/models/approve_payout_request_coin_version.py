from typing import Literal

ApprovePayoutRequestCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_PAYOUT_REQUEST_COIN_VERSION_VALUES: set[ApprovePayoutRequestCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_payout_request_coin_version(
    value: str,
) -> ApprovePayoutRequestCoinVersion:
    if value in APPROVE_PAYOUT_REQUEST_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_PAYOUT_REQUEST_COIN_VERSION_VALUES!r}"
    )
