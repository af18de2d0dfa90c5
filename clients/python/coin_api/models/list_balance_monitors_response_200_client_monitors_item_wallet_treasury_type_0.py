from typing import Literal

ListBalanceMonitorsResponse200ClientMonitorsItemWalletTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

LIST_BALANCE_MONITORS_RESPONSE_200_CLIENT_MONITORS_ITEM_WALLET_TREASURY_TYPE_0_VALUES: set[
    ListBalanceMonitorsResponse200ClientMonitorsItemWalletTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_list_balance_monitors_response_200_client_monitors_item_wallet_treasury_type_0(
    value: str,
) -> ListBalanceMonitorsResponse200ClientMonitorsItemWalletTreasuryType0:
    if (
        value
        in LIST_BALANCE_MONITORS_RESPONSE_200_CLIENT_MONITORS_ITEM_WALLET_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_BALANCE_MONITORS_RESPONSE_200_CLIENT_MONITORS_ITEM_WALLET_TREASURY_TYPE_0_VALUES!r}"
    )
