from typing import Literal

RejectCommissionChangeResponse200ApprovalChangeRuleType0Type0Kind = Literal["bps"]

REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES: set[
    RejectCommissionChangeResponse200ApprovalChangeRuleType0Type0Kind
] = {
    "bps",
}


def check_reject_commission_change_response_200_approval_change_rule_type_0_type_0_kind(
    value: str,
) -> RejectCommissionChangeResponse200ApprovalChangeRuleType0Type0Kind:
    if (
        value
        in REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES!r}"
    )
