from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_client_treasury_statement_response_200_lines_item import (
        GetClientTreasuryStatementResponse200LinesItem,
    )


T = TypeVar("T", bound="GetClientTreasuryStatementResponse200")


@_attrs_define
class GetClientTreasuryStatementResponse200:
    """
    Attributes:
        from_ (datetime.datetime):
        to (datetime.datetime):
        opening_balance (float): The balance just before from
        closing_balance (float): The balance just before to: openingBalance + Σ change of every line of the period
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
        lines (list[GetClientTreasuryStatementResponse200LinesItem]): Oldest first (createdAt, then id)
        as_of (datetime.datetime): When this page was read: with `to` still ahead, a later read may add lines before
            `to` (history follows the ledger by about a second)
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
    """

    from_: datetime.datetime
    to: datetime.datetime
    opening_balance: float
    closing_balance: float
    next_cursor: None | str
    lines: list[GetClientTreasuryStatementResponse200LinesItem]
    as_of: datetime.datetime
    has_more: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        opening_balance = self.opening_balance

        closing_balance = self.closing_balance

        next_cursor: None | str
        next_cursor = self.next_cursor

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        as_of = self.as_of.isoformat()

        has_more = self.has_more

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from": from_,
                "to": to,
                "openingBalance": opening_balance,
                "closingBalance": closing_balance,
                "nextCursor": next_cursor,
                "lines": lines,
                "asOf": as_of,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_client_treasury_statement_response_200_lines_item import (
            GetClientTreasuryStatementResponse200LinesItem,
        )

        d = dict(src_dict)
        from_ = datetime.datetime.fromisoformat(d.pop("from"))

        to = datetime.datetime.fromisoformat(d.pop("to"))

        opening_balance = d.pop("openingBalance")

        closing_balance = d.pop("closingBalance")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = GetClientTreasuryStatementResponse200LinesItem.from_dict(
                lines_item_data
            )

            lines.append(lines_item)

        as_of = datetime.datetime.fromisoformat(d.pop("asOf"))

        has_more = d.pop("hasMore")

        get_client_treasury_statement_response_200 = cls(
            from_=from_,
            to=to,
            opening_balance=opening_balance,
            closing_balance=closing_balance,
            next_cursor=next_cursor,
            lines=lines,
            as_of=as_of,
            has_more=has_more,
        )

        get_client_treasury_statement_response_200.additional_properties = d
        return get_client_treasury_statement_response_200

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
