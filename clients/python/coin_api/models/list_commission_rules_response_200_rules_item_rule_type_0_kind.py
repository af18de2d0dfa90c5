from typing import Literal

ListCommissionRulesResponse200RulesItemRuleType0Kind = Literal["bps"]

LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_RULE_TYPE_0_KIND_VALUES: set[
    ListCommissionRulesResponse200RulesItemRuleType0Kind
] = {
    "bps",
}


def check_list_commission_rules_response_200_rules_item_rule_type_0_kind(
    value: str,
) -> ListCommissionRulesResponse200RulesItemRuleType0Kind:
    if value in LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_RULE_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_RULE_TYPE_0_KIND_VALUES!r}"
    )
