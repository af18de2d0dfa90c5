from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.backtest_monitoring_rule_response_200_examples_item import (
        BacktestMonitoringRuleResponse200ExamplesItem,
    )


T = TypeVar("T", bound="BacktestMonitoringRuleResponse200")


@_attrs_define
class BacktestMonitoringRuleResponse200:
    """
    Attributes:
        rule_id (str):
        movements (int):
        hits (int):
        subjects (int):
        examples (list[BacktestMonitoringRuleResponse200ExamplesItem]):
        truncated (bool): The replay stopped at its limit of transactions
    """

    rule_id: str
    movements: int
    hits: int
    subjects: int
    examples: list[BacktestMonitoringRuleResponse200ExamplesItem]
    truncated: bool

    def to_dict(self) -> dict[str, Any]:
        rule_id = self.rule_id

        movements = self.movements

        hits = self.hits

        subjects = self.subjects

        examples = []
        for examples_item_data in self.examples:
            examples_item = examples_item_data.to_dict()
            examples.append(examples_item)

        truncated = self.truncated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ruleId": rule_id,
                "movements": movements,
                "hits": hits,
                "subjects": subjects,
                "examples": examples,
                "truncated": truncated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.backtest_monitoring_rule_response_200_examples_item import (
            BacktestMonitoringRuleResponse200ExamplesItem,
        )

        d = dict(src_dict)
        rule_id = d.pop("ruleId")

        movements = d.pop("movements")

        hits = d.pop("hits")

        subjects = d.pop("subjects")

        examples = []
        _examples = d.pop("examples")
        for examples_item_data in _examples:
            examples_item = BacktestMonitoringRuleResponse200ExamplesItem.from_dict(
                examples_item_data
            )

            examples.append(examples_item)

        truncated = d.pop("truncated")

        backtest_monitoring_rule_response_200 = cls(
            rule_id=rule_id,
            movements=movements,
            hits=hits,
            subjects=subjects,
            examples=examples,
            truncated=truncated,
        )

        return backtest_monitoring_rule_response_200
