from typing import Literal

RequestRuleFreezeLiftCoinVersion = Literal["3.0.0", "3.1.0"]

REQUEST_RULE_FREEZE_LIFT_COIN_VERSION_VALUES: set[RequestRuleFreezeLiftCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_request_rule_freeze_lift_coin_version(
    value: str,
) -> RequestRuleFreezeLiftCoinVersion:
    if value in REQUEST_RULE_FREEZE_LIFT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_RULE_FREEZE_LIFT_COIN_VERSION_VALUES!r}"
    )
