from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_treasury_statement_response_200_lines_item_transaction import (
        GetTreasuryStatementResponse200LinesItemTransaction,
    )


T = TypeVar("T", bound="GetTreasuryStatementResponse200LinesItem")


@_attrs_define
class GetTreasuryStatementResponse200LinesItem:
    """
    Attributes:
        transaction (GetTreasuryStatementResponse200LinesItemTransaction):
        change (float): Coins this transaction moved into (> 0) or out of (< 0) the party's balance
        running_balance (float): The balance just after this line
    """

    transaction: GetTreasuryStatementResponse200LinesItemTransaction
    change: float
    running_balance: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        transaction = self.transaction.to_dict()

        change = self.change

        running_balance = self.running_balance

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "transaction": transaction,
                "change": change,
                "runningBalance": running_balance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_treasury_statement_response_200_lines_item_transaction import (
            GetTreasuryStatementResponse200LinesItemTransaction,
        )

        d = dict(src_dict)
        transaction = GetTreasuryStatementResponse200LinesItemTransaction.from_dict(
            d.pop("transaction")
        )

        change = d.pop("change")

        running_balance = d.pop("runningBalance")

        get_treasury_statement_response_200_lines_item = cls(
            transaction=transaction,
            change=change,
            running_balance=running_balance,
        )

        get_treasury_statement_response_200_lines_item.additional_properties = d
        return get_treasury_statement_response_200_lines_item

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
