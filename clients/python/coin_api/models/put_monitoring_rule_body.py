from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.put_monitoring_rule_body_rule import PutMonitoringRuleBodyRule


T = TypeVar("T", bound="PutMonitoringRuleBody")


@_attrs_define
class PutMonitoringRuleBody:
    """
    Attributes:
        rule (PutMonitoringRuleBodyRule):
    """

    rule: PutMonitoringRuleBodyRule

    def to_dict(self) -> dict[str, Any]:
        rule = self.rule.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rule": rule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.put_monitoring_rule_body_rule import PutMonitoringRuleBodyRule

        d = dict(src_dict)
        rule = PutMonitoringRuleBodyRule.from_dict(d.pop("rule"))

        put_monitoring_rule_body = cls(
            rule=rule,
        )

        return put_monitoring_rule_body
