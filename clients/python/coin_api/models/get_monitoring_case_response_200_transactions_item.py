from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_monitoring_case_response_200_transactions_item_hits_item import (
        GetMonitoringCaseResponse200TransactionsItemHitsItem,
    )


T = TypeVar("T", bound="GetMonitoringCaseResponse200TransactionsItem")


@_attrs_define
class GetMonitoringCaseResponse200TransactionsItem:
    """
    Attributes:
        transaction_id (int):
        type_ (str):
        amount_minor (int | None): Minor units; null once the transaction left the store
        from_ (None | str):
        to (None | str):
        at (datetime.datetime | None):
        score (int | None):
        hits (list[GetMonitoringCaseResponse200TransactionsItemHitsItem]):
        linked_by (int | None): The ADMIN+ who linked it; null: flagged by the service
    """

    transaction_id: int
    type_: str
    amount_minor: int | None
    from_: None | str
    to: None | str
    at: datetime.datetime | None
    score: int | None
    hits: list[GetMonitoringCaseResponse200TransactionsItemHitsItem]
    linked_by: int | None

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        type_ = self.type_

        amount_minor: int | None
        amount_minor = self.amount_minor

        from_: None | str
        from_ = self.from_

        to: None | str
        to = self.to

        at: None | str
        if isinstance(self.at, datetime.datetime):
            at = self.at.isoformat()
        else:
            at = self.at

        score: int | None
        score = self.score

        hits = []
        for hits_item_data in self.hits:
            hits_item = hits_item_data.to_dict()
            hits.append(hits_item)

        linked_by: int | None
        linked_by = self.linked_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transactionId": transaction_id,
                "type": type_,
                "amountMinor": amount_minor,
                "from": from_,
                "to": to,
                "at": at,
                "score": score,
                "hits": hits,
                "linkedBy": linked_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_monitoring_case_response_200_transactions_item_hits_item import (
            GetMonitoringCaseResponse200TransactionsItemHitsItem,
        )

        d = dict(src_dict)
        transaction_id = d.pop("transactionId")

        type_ = d.pop("type")

        def _parse_amount_minor(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        amount_minor = _parse_amount_minor(d.pop("amountMinor"))

        def _parse_from_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_ = _parse_from_(d.pop("from"))

        def _parse_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        to = _parse_to(d.pop("to"))

        def _parse_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                at_type_0 = datetime.datetime.fromisoformat(data)

                return at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        at = _parse_at(d.pop("at"))

        def _parse_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        score = _parse_score(d.pop("score"))

        hits = []
        _hits = d.pop("hits")
        for hits_item_data in _hits:
            hits_item = GetMonitoringCaseResponse200TransactionsItemHitsItem.from_dict(
                hits_item_data
            )

            hits.append(hits_item)

        def _parse_linked_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        linked_by = _parse_linked_by(d.pop("linkedBy"))

        get_monitoring_case_response_200_transactions_item = cls(
            transaction_id=transaction_id,
            type_=type_,
            amount_minor=amount_minor,
            from_=from_,
            to=to,
            at=at,
            score=score,
            hits=hits,
            linked_by=linked_by,
        )

        return get_monitoring_case_response_200_transactions_item
