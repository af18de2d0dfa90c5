from typing import Literal

RequestRuleFreezeLiftResponse202FreezeLiftStatus = Literal["APPROVED", "PENDING"]

REQUEST_RULE_FREEZE_LIFT_RESPONSE_202_FREEZE_LIFT_STATUS_VALUES: set[
    RequestRuleFreezeLiftResponse202FreezeLiftStatus
] = {
    "APPROVED",
    "PENDING",
}


def check_request_rule_freeze_lift_response_202_freeze_lift_status(
    value: str,
) -> RequestRuleFreezeLiftResponse202FreezeLiftStatus:
    if value in REQUEST_RULE_FREEZE_LIFT_RESPONSE_202_FREEZE_LIFT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_RULE_FREEZE_LIFT_RESPONSE_202_FREEZE_LIFT_STATUS_VALUES!r}"
    )
