from typing import Literal

ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0Kind = Literal[
    "bps"
]

LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES: set[
    ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0Kind
] = {
    "bps",
}


def check_list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_0_kind(
    value: str,
) -> ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0Kind:
    if (
        value
        in LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_COMMISSION_CHANGES_RESPONSE_200_COMMISSION_CHANGES_ITEM_CHANGE_RULE_TYPE_0_TYPE_0_KIND_VALUES!r}"
    )
