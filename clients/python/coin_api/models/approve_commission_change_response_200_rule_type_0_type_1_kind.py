from typing import Literal

ApproveCommissionChangeResponse200RuleType0Type1Kind = Literal["fixed"]

APPROVE_COMMISSION_CHANGE_RESPONSE_200_RULE_TYPE_0_TYPE_1_KIND_VALUES: set[
    ApproveCommissionChangeResponse200RuleType0Type1Kind
] = {
    "fixed",
}


def check_approve_commission_change_response_200_rule_type_0_type_1_kind(
    value: str,
) -> ApproveCommissionChangeResponse200RuleType0Type1Kind:
    if value in APPROVE_COMMISSION_CHANGE_RESPONSE_200_RULE_TYPE_0_TYPE_1_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_RESPONSE_200_RULE_TYPE_0_TYPE_1_KIND_VALUES!r}"
    )
