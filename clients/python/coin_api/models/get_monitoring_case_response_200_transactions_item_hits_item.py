from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetMonitoringCaseResponse200TransactionsItemHitsItem")


@_attrs_define
class GetMonitoringCaseResponse200TransactionsItemHitsItem:
    """
    Attributes:
        rule_id (str):
        mode (str):
        score (float):
        subject (str):
        detail (str):
    """

    rule_id: str
    mode: str
    score: float
    subject: str
    detail: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rule_id = self.rule_id

        mode = self.mode

        score = self.score

        subject = self.subject

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ruleId": rule_id,
                "mode": mode,
                "score": score,
                "subject": subject,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rule_id = d.pop("ruleId")

        mode = d.pop("mode")

        score = d.pop("score")

        subject = d.pop("subject")

        detail = d.pop("detail")

        get_monitoring_case_response_200_transactions_item_hits_item = cls(
            rule_id=rule_id,
            mode=mode,
            score=score,
            subject=subject,
            detail=detail,
        )

        get_monitoring_case_response_200_transactions_item_hits_item.additional_properties = d
        return get_monitoring_case_response_200_transactions_item_hits_item

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
