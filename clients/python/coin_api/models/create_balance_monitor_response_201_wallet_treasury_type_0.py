from typing import Literal

CreateBalanceMonitorResponse201WalletTreasuryType0 = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_BALANCE_MONITOR_RESPONSE_201_WALLET_TREASURY_TYPE_0_VALUES: set[
    CreateBalanceMonitorResponse201WalletTreasuryType0
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_balance_monitor_response_201_wallet_treasury_type_0(
    value: str,
) -> CreateBalanceMonitorResponse201WalletTreasuryType0:
    if value in CREATE_BALANCE_MONITOR_RESPONSE_201_WALLET_TREASURY_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_BALANCE_MONITOR_RESPONSE_201_WALLET_TREASURY_TYPE_0_VALUES!r}"
    )
