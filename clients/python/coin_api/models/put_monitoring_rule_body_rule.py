from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.put_monitoring_rule_body_rule_kind import (
    PutMonitoringRuleBodyRuleKind,
    check_put_monitoring_rule_body_rule_kind,
)
from ..models.put_monitoring_rule_body_rule_mode import (
    PutMonitoringRuleBodyRuleMode,
    check_put_monitoring_rule_body_rule_mode,
)

T = TypeVar("T", bound="PutMonitoringRuleBodyRule")


@_attrs_define
class PutMonitoringRuleBodyRule:
    """
    Attributes:
        id (str): The rule id: 1 to 60 letters, digits and hyphens, not `backtest` (reserved)
        kind (PutMonitoringRuleBodyRuleKind):
        mode (PutMonitoringRuleBodyRuleMode):
        score (int):
        window_ms (int): How far back the rule looks: 1 second to 30 days, in milliseconds
    """

    id: str
    kind: PutMonitoringRuleBodyRuleKind
    mode: PutMonitoringRuleBodyRuleMode
    score: int
    window_ms: int
    additional_properties: dict[str, float | None | str] = _attrs_field(
        init=False, factory=dict
    )

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind: str = self.kind

        mode: str = self.mode

        score = self.score

        window_ms = self.window_ms

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "mode": mode,
                "score": score,
                "windowMs": window_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = check_put_monitoring_rule_body_rule_kind(d.pop("kind"))

        mode = check_put_monitoring_rule_body_rule_mode(d.pop("mode"))

        score = d.pop("score")

        window_ms = d.pop("windowMs")

        put_monitoring_rule_body_rule = cls(
            id=id,
            kind=kind,
            mode=mode,
            score=score,
            window_ms=window_ms,
        )

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(data: object) -> float | None | str:
                if data is None:
                    return data
                return cast(float | None | str, data)

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        put_monitoring_rule_body_rule.additional_properties = additional_properties
        return put_monitoring_rule_body_rule

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> float | None | str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: float | None | str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
