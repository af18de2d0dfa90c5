from typing import Literal

SetCommissionRuleCoinVersion = Literal["3.0.0", "3.1.0"]

SET_COMMISSION_RULE_COIN_VERSION_VALUES: set[SetCommissionRuleCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_set_commission_rule_coin_version(value: str) -> SetCommissionRuleCoinVersion:
    if value in SET_COMMISSION_RULE_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_COIN_VERSION_VALUES!r}"
    )
