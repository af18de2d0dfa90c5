from typing import Literal

ApproveRuleFreezeLiftCoinVersion = Literal["3.0.0", "3.1.0"]

APPROVE_RULE_FREEZE_LIFT_COIN_VERSION_VALUES: set[ApproveRuleFreezeLiftCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_approve_rule_freeze_lift_coin_version(
    value: str,
) -> ApproveRuleFreezeLiftCoinVersion:
    if value in APPROVE_RULE_FREEZE_LIFT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_RULE_FREEZE_LIFT_COIN_VERSION_VALUES!r}"
    )
