from typing import Literal

GetPayoutApprovalCoinVersion = Literal["3.0.0", "3.1.0"]

GET_PAYOUT_APPROVAL_COIN_VERSION_VALUES: set[GetPayoutApprovalCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_get_payout_approval_coin_version(value: str) -> GetPayoutApprovalCoinVersion:
    if value in GET_PAYOUT_APPROVAL_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PAYOUT_APPROVAL_COIN_VERSION_VALUES!r}"
    )
