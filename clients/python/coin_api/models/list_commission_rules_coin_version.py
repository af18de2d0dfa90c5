from typing import Literal

ListCommissionRulesCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_COMMISSION_RULES_COIN_VERSION_VALUES: set[ListCommissionRulesCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_commission_rules_coin_version(
    value: str,
) -> ListCommissionRulesCoinVersion:
    if value in LIST_COMMISSION_RULES_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_RULES_COIN_VERSION_VALUES!r}"
    )
