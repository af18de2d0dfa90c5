from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_commission_rules_response_200_rules_item_rule_type_0_kind import (
    ListCommissionRulesResponse200RulesItemRuleType0Kind,
    check_list_commission_rules_response_200_rules_item_rule_type_0_kind,
)

T = TypeVar("T", bound="ListCommissionRulesResponse200RulesItemRuleType0")


@_attrs_define
class ListCommissionRulesResponse200RulesItemRuleType0:
    """
    Attributes:
        kind (ListCommissionRulesResponse200RulesItemRuleType0Kind):
        bps (int):
    """

    kind: ListCommissionRulesResponse200RulesItemRuleType0Kind
    bps: int

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        bps = self.bps

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "bps": bps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_list_commission_rules_response_200_rules_item_rule_type_0_kind(
            d.pop("kind")
        )

        bps = d.pop("bps")

        list_commission_rules_response_200_rules_item_rule_type_0 = cls(
            kind=kind,
            bps=bps,
        )

        return list_commission_rules_response_200_rules_item_rule_type_0
