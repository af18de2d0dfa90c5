from typing import Literal

SetCommissionRuleResponse202ApprovalChangeRuleType0Type0Kind = Literal["bps"]

SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES: set[
    SetCommissionRuleResponse202ApprovalChangeRuleType0Type0Kind
] = {
    "bps",
}


def check_set_commission_rule_response_202_approval_change_rule_type_0_type_0_kind(
    value: str,
) -> SetCommissionRuleResponse202ApprovalChangeRuleType0Type0Kind:
    if (
        value
        in SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SET_COMMISSION_RULE_RESPONSE_202_APPROVAL_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES!r}"
    )
