from typing import Literal

ApproveCommissionChangeResponse200RuleType0Type0Kind = Literal["bps"]

APPROVE_COMMISSION_CHANGE_RESPONSE_200_RULE_TYPE_0_TYPE_0_KIND_VALUES: set[
    ApproveCommissionChangeResponse200RuleType0Type0Kind
] = {
    "bps",
}


def check_approve_commission_change_response_200_rule_type_0_type_0_kind(
    value: str,
) -> ApproveCommissionChangeResponse200RuleType0Type0Kind:
    if value in APPROVE_COMMISSION_CHANGE_RESPONSE_200_RULE_TYPE_0_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_RESPONSE_200_RULE_TYPE_0_TYPE_0_KIND_VALUES!r}"
    )
