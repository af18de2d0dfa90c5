from typing import Literal

CreateBalanceMonitorBodyWalletType0Treasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

CREATE_BALANCE_MONITOR_BODY_WALLET_TYPE_0_TREASURY_VALUES: set[
    CreateBalanceMonitorBodyWalletType0Treasury
] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_create_balance_monitor_body_wallet_type_0_treasury(
    value: str,
) -> CreateBalanceMonitorBodyWalletType0Treasury:
    if value in CREATE_BALANCE_MONITOR_BODY_WALLET_TYPE_0_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_BALANCE_MONITOR_BODY_WALLET_TYPE_0_TREASURY_VALUES!r}"
    )
