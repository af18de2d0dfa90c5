from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BacktestMonitoringRuleResponse200ExamplesItem")


@_attrs_define
class BacktestMonitoringRuleResponse200ExamplesItem:
    """
    Attributes:
        transaction_id (int):
        subject (str):
        detail (str):
    """

    transaction_id: int
    subject: str
    detail: str

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        subject = self.subject

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transactionId": transaction_id,
                "subject": subject,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        transaction_id = d.pop("transactionId")

        subject = d.pop("subject")

        detail = d.pop("detail")

        backtest_monitoring_rule_response_200_examples_item = cls(
            transaction_id=transaction_id,
            subject=subject,
            detail=detail,
        )

        return backtest_monitoring_rule_response_200_examples_item
