from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_my_transactions_response_200_pagination import (
        ListMyTransactionsResponse200Pagination,
    )
    from ..models.transaction import Transaction


T = TypeVar("T", bound="ListMyTransactionsResponse200")


@_attrs_define
class ListMyTransactionsResponse200:
    """
    Attributes:
        transactions (list[Transaction]):
        pagination (ListMyTransactionsResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    transactions: list[Transaction]
    pagination: ListMyTransactionsResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        transactions = []
        for transactions_item_data in self.transactions:
            transactions_item = transactions_item_data.to_dict()
            transactions.append(transactions_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transactions": transactions,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_my_transactions_response_200_pagination import (
            ListMyTransactionsResponse200Pagination,
        )
        from ..models.transaction import Transaction

        d = dict(src_dict)
        transactions = []
        _transactions = d.pop("transactions")
        for transactions_item_data in _transactions:
            transactions_item = Transaction.from_dict(transactions_item_data)

            transactions.append(transactions_item)

        pagination = ListMyTransactionsResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_my_transactions_response_200 = cls(
            transactions=transactions,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_my_transactions_response_200
