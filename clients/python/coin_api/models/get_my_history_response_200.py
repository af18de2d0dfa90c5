from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.transaction import Transaction


T = TypeVar("T", bound="GetMyHistoryResponse200")


@_attrs_define
class GetMyHistoryResponse200:
    """
    Attributes:
        transactions (list[Transaction]):
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
    """

    transactions: list[Transaction]
    next_cursor: None | str
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        transactions = []
        for transactions_item_data in self.transactions:
            transactions_item = transactions_item_data.to_dict()
            transactions.append(transactions_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transactions": transactions,
                "nextCursor": next_cursor,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.transaction import Transaction

        d = dict(src_dict)
        transactions = []
        _transactions = d.pop("transactions")
        for transactions_item_data in _transactions:
            transactions_item = Transaction.from_dict(transactions_item_data)

            transactions.append(transactions_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        has_more = d.pop("hasMore")

        get_my_history_response_200 = cls(
            transactions=transactions,
            next_cursor=next_cursor,
            has_more=has_more,
        )

        return get_my_history_response_200
