from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.put_monitoring_rule_response_202_proposal import (
        PutMonitoringRuleResponse202Proposal,
    )
    from ..models.put_monitoring_rule_response_202_rules_item import (
        PutMonitoringRuleResponse202RulesItem,
    )


T = TypeVar("T", bound="PutMonitoringRuleResponse202")


@_attrs_define
class PutMonitoringRuleResponse202:
    """
    Attributes:
        proposal (PutMonitoringRuleResponse202Proposal):
        rules (list[PutMonitoringRuleResponse202RulesItem]):
    """

    proposal: PutMonitoringRuleResponse202Proposal
    rules: list[PutMonitoringRuleResponse202RulesItem]

    def to_dict(self) -> dict[str, Any]:
        proposal = self.proposal.to_dict()

        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "proposal": proposal,
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.put_monitoring_rule_response_202_proposal import (
            PutMonitoringRuleResponse202Proposal,
        )
        from ..models.put_monitoring_rule_response_202_rules_item import (
            PutMonitoringRuleResponse202RulesItem,
        )

        d = dict(src_dict)
        proposal = PutMonitoringRuleResponse202Proposal.from_dict(d.pop("proposal"))

        rules = []
        _rules = d.pop("rules")
        for rules_item_data in _rules:
            rules_item = PutMonitoringRuleResponse202RulesItem.from_dict(
                rules_item_data
            )

            rules.append(rules_item)

        put_monitoring_rule_response_202 = cls(
            proposal=proposal,
            rules=rules,
        )

        return put_monitoring_rule_response_202
