from typing import Literal

RejectRuleFreezeLiftCoinVersion = Literal["3.0.0", "3.1.0"]

REJECT_RULE_FREEZE_LIFT_COIN_VERSION_VALUES: set[RejectRuleFreezeLiftCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_reject_rule_freeze_lift_coin_version(
    value: str,
) -> RejectRuleFreezeLiftCoinVersion:
    if value in REJECT_RULE_FREEZE_LIFT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_RULE_FREEZE_LIFT_COIN_VERSION_VALUES!r}"
    )
