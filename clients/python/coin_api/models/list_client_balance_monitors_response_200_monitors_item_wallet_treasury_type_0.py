from typing import Literal

ListClientBalanceMonitorsResponse200MonitorsItemWalletTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

LIST_CLIENT_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_WALLET_TREASURY_TYPE_0_VALUES: set[
    ListClientBalanceMonitorsResponse200MonitorsItemWalletTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_list_client_balance_monitors_response_200_monitors_item_wallet_treasury_type_0(
    value: str,
) -> ListClientBalanceMonitorsResponse200MonitorsItemWalletTreasuryType0:
    if (
        value
        in LIST_CLIENT_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_WALLET_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CLIENT_BALANCE_MONITORS_RESPONSE_200_MONITORS_ITEM_WALLET_TREASURY_TYPE_0_VALUES!r}"
    )
