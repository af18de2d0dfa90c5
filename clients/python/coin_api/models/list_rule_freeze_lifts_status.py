from typing import Literal

ListRuleFreezeLiftsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_RULE_FREEZE_LIFTS_STATUS_VALUES: set[ListRuleFreezeLiftsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_rule_freeze_lifts_status(value: str) -> ListRuleFreezeLiftsStatus:
    if value in LIST_RULE_FREEZE_LIFTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_RULE_FREEZE_LIFTS_STATUS_VALUES!r}"
    )
