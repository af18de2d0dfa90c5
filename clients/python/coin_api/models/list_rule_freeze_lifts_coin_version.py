from typing import Literal

ListRuleFreezeLiftsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_RULE_FREEZE_LIFTS_COIN_VERSION_VALUES: set[ListRuleFreezeLiftsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_rule_freeze_lifts_coin_version(
    value: str,
) -> ListRuleFreezeLiftsCoinVersion:
    if value in LIST_RULE_FREEZE_LIFTS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_RULE_FREEZE_LIFTS_COIN_VERSION_VALUES!r}"
    )
