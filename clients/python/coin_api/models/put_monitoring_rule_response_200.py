from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.put_monitoring_rule_response_200_rules_item import (
        PutMonitoringRuleResponse200RulesItem,
    )


T = TypeVar("T", bound="PutMonitoringRuleResponse200")


@_attrs_define
class PutMonitoringRuleResponse200:
    """
    Attributes:
        rules (list[PutMonitoringRuleResponse200RulesItem]):
    """

    rules: list[PutMonitoringRuleResponse200RulesItem]

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
        from ..models.put_monitoring_rule_response_200_rules_item import (
            PutMonitoringRuleResponse200RulesItem,
        )

        d = dict(src_dict)
        rules = []
        _rules = d.pop("rules")
        for rules_item_data in _rules:
            rules_item = PutMonitoringRuleResponse200RulesItem.from_dict(
                rules_item_data
            )

            rules.append(rules_item)

        put_monitoring_rule_response_200 = cls(
            rules=rules,
        )

        return put_monitoring_rule_response_200
