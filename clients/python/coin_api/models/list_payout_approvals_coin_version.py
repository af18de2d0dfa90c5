from typing import Literal

ListPayoutApprovalsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_PAYOUT_APPROVALS_COIN_VERSION_VALUES: set[ListPayoutApprovalsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_payout_approvals_coin_version(
    value: str,
) -> ListPayoutApprovalsCoinVersion:
    if value in LIST_PAYOUT_APPROVALS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PAYOUT_APPROVALS_COIN_VERSION_VALUES!r}"
    )
