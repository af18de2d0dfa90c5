from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_commission_rules_response_200_rules_item import (
        ListCommissionRulesResponse200RulesItem,
    )


T = TypeVar("T", bound="ListCommissionRulesResponse200")


@_attrs_define
class ListCommissionRulesResponse200:
    """
    Attributes:
        rules (list[ListCommissionRulesResponse200RulesItem]):
    """

    rules: list[ListCommissionRulesResponse200RulesItem]

    def to_dict(self) -> dict[str, Any]:
        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_commission_rules_response_200_rules_item import (
            ListCommissionRulesResponse200RulesItem,
        )

        d = dict(src_dict)
        rules = []
        _rules = d.pop("rules")
        for rules_item_data in _rules:
            rules_item = ListCommissionRulesResponse200RulesItem.from_dict(
                rules_item_data
            )

            rules.append(rules_item)

        list_commission_rules_response_200 = cls(
            rules=rules,
        )

        return list_commission_rules_response_200
