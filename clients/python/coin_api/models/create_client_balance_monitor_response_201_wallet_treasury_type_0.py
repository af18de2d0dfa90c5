from typing import Literal

CreateClientBalanceMonitorResponse201WalletTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_CLIENT_BALANCE_MONITOR_RESPONSE_201_WALLET_TREASURY_TYPE_0_VALUES: set[
    CreateClientBalanceMonitorResponse201WalletTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_client_balance_monitor_response_201_wallet_treasury_type_0(
    value: str,
) -> CreateClientBalanceMonitorResponse201WalletTreasuryType0:
    if (
        value
        in CREATE_CLIENT_BALANCE_MONITOR_RESPONSE_201_WALLET_TREASURY_TYPE_0_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CLIENT_BALANCE_MONITOR_RESPONSE_201_WALLET_TREASURY_TYPE_0_VALUES!r}"
    )
