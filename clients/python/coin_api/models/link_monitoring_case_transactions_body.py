from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LinkMonitoringCaseTransactionsBody")


@_attrs_define
class LinkMonitoringCaseTransactionsBody:
    """
    Attributes:
        transaction_ids (list[int]):
    """

    transaction_ids: list[int]

    def to_dict(self) -> dict[str, Any]:
        transaction_ids = self.transaction_ids

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transactionIds": transaction_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        transaction_ids = cast(list[int], d.pop("transactionIds"))

        link_monitoring_case_transactions_body = cls(
            transaction_ids=transaction_ids,
        )

        return link_monitoring_case_transactions_body
