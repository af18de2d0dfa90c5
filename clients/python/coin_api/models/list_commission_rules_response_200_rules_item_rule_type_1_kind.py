from typing import Literal

ListCommissionRulesResponse200RulesItemRuleType1Kind = Literal["fixed"]

LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_RULE_TYPE_1_KIND_VALUES: set[
    ListCommissionRulesResponse200RulesItemRuleType1Kind
] = {
    "fixed",
}


def check_list_commission_rules_response_200_rules_item_rule_type_1_kind(
    value: str,
) -> ListCommissionRulesResponse200RulesItemRuleType1Kind:
    if value in LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_RULE_TYPE_1_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_RULES_RESPONSE_200_RULES_ITEM_RULE_TYPE_1_KIND_VALUES!r}"
    )
