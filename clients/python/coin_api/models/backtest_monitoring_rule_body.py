from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.backtest_monitoring_rule_body_rule import (
        BacktestMonitoringRuleBodyRule,
    )


T = TypeVar("T", bound="BacktestMonitoringRuleBody")


@_attrs_define
class BacktestMonitoringRuleBody:
    """
    Attributes:
        rule (BacktestMonitoringRuleBodyRule):
        days (int | Unset): How many days of seen transactions to replay Default: 7.
    """

    rule: BacktestMonitoringRuleBodyRule
    days: int | Unset = 7

    def to_dict(self) -> dict[str, Any]:
        rule = self.rule.to_dict()

        days = self.days

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rule": rule,
            }
        )
        if days is not UNSET:
            field_dict["days"] = days

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.backtest_monitoring_rule_body_rule import (
            BacktestMonitoringRuleBodyRule,
        )

        d = dict(src_dict)
        rule = BacktestMonitoringRuleBodyRule.from_dict(d.pop("rule"))

        days = d.pop("days", UNSET)

        backtest_monitoring_rule_body = cls(
            rule=rule,
            days=days,
        )

        return backtest_monitoring_rule_body
