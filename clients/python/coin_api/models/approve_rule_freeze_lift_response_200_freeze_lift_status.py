from typing import Literal

ApproveRuleFreezeLiftResponse200FreezeLiftStatus = Literal["APPROVED", "PENDING"]

APPROVE_RULE_FREEZE_LIFT_RESPONSE_200_FREEZE_LIFT_STATUS_VALUES: set[
    ApproveRuleFreezeLiftResponse200FreezeLiftStatus
] = {
    "APPROVED",
    "PENDING",
}


def check_approve_rule_freeze_lift_response_200_freeze_lift_status(
    value: str,
) -> ApproveRuleFreezeLiftResponse200FreezeLiftStatus:
    if value in APPROVE_RULE_FREEZE_LIFT_RESPONSE_200_FREEZE_LIFT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_RULE_FREEZE_LIFT_RESPONSE_200_FREEZE_LIFT_STATUS_VALUES!r}"
    )
