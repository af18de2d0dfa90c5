from typing import Literal

SetSandboxCommissionRuleCoinVersion = Literal["3.0.0", "3.1.0"]

SET_SANDBOX_COMMISSION_RULE_COIN_VERSION_VALUES: set[
    SetSandboxCommissionRuleCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_set_sandbox_commission_rule_coin_version(
    value: str,
) -> SetSandboxCommissionRuleCoinVersion:
    if value in SET_SANDBOX_COMMISSION_RULE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_SANDBOX_COMMISSION_RULE_COIN_VERSION_VALUES!r}"
    )
