from typing import Literal

CreateClientBalanceMonitorBodyWalletTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_CLIENT_BALANCE_MONITOR_BODY_WALLET_TREASURY_VALUES: set[
    CreateClientBalanceMonitorBodyWalletTreasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_client_balance_monitor_body_wallet_treasury(
    value: str,
) -> CreateClientBalanceMonitorBodyWalletTreasury:
    if value in CREATE_CLIENT_BALANCE_MONITOR_BODY_WALLET_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CLIENT_BALANCE_MONITOR_BODY_WALLET_TREASURY_VALUES!r}"
    )
