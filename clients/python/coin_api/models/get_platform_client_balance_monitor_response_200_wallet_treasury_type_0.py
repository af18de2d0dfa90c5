from typing import Literal

GetPlatformClientBalanceMonitorResponse200WalletTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

GET_PLATFORM_CLIENT_BALANCE_MONITOR_RESPONSE_200_WALLET_TREASURY_TYPE_0_VALUES: set[
    GetPlatformClientBalanceMonitorResponse200WalletTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_get_platform_client_balance_monitor_response_200_wallet_treasury_type_0(
    value: str,
) -> GetPlatformClientBalanceMonitorResponse200WalletTreasuryType0:
    if (
        value
        in GET_PLATFORM_CLIENT_BALANCE_MONITOR_RESPONSE_200_WALLET_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PLATFORM_CLIENT_BALANCE_MONITOR_RESPONSE_200_WALLET_TREASURY_TYPE_0_VALUES!r}"
    )
