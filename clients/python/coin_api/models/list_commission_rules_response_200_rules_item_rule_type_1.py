from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_commission_rules_response_200_rules_item_rule_type_1_kind import (
    ListCommissionRulesResponse200RulesItemRuleType1Kind,
    check_list_commission_rules_response_200_rules_item_rule_type_1_kind,
)

T = TypeVar("T", bound="ListCommissionRulesResponse200RulesItemRuleType1")


@_attrs_define
class ListCommissionRulesResponse200RulesItemRuleType1:
    """
    Attributes:
        kind (ListCommissionRulesResponse200RulesItemRuleType1Kind):
        amount (float): Coins (2 decimals)
    """

    kind: ListCommissionRulesResponse200RulesItemRuleType1Kind
    amount: float

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_list_commission_rules_response_200_rules_item_rule_type_1_kind(
            d.pop("kind")
        )

        amount = d.pop("amount")

        list_commission_rules_response_200_rules_item_rule_type_1 = cls(
            kind=kind,
            amount=amount,
        )

        return list_commission_rules_response_200_rules_item_rule_type_1
