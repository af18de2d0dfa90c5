from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_client_treasury_statement_response_200_lines_item_type import (
    GetClientTreasuryStatementResponse200LinesItemType,
    check_get_client_treasury_statement_response_200_lines_item_type,
)

if TYPE_CHECKING:
    from ..models.transaction import Transaction


T = TypeVar("T", bound="GetClientTreasuryStatementResponse200LinesItem")


@_attrs_define
class GetClientTreasuryStatementResponse200LinesItem:
    """
    Attributes:
        transaction_id (int):
        type_ (GetClientTreasuryStatementResponse200LinesItemType):
        created_at (datetime.datetime):
        change (float): Coins this transaction moved into (> 0) or out of (< 0) the balance
        running_balance (float): The balance just after this line
        transaction (None | Transaction): The whole transaction when this client made it (its clientId); null for any
            other (a person's, an operator's, another platform's): those show as their change to the balance alone
    """

    transaction_id: int
    type_: GetClientTreasuryStatementResponse200LinesItemType
    created_at: datetime.datetime
    change: float
    running_balance: float
    transaction: None | Transaction

    def to_dict(self) -> dict[str, Any]:
        from ..models.transaction import Transaction

        transaction_id = self.transaction_id

        type_: str = self.type_

        created_at = self.created_at.isoformat()

        change = self.change

        running_balance = self.running_balance

        transaction: dict[str, Any] | None
        if isinstance(self.transaction, Transaction):
            transaction = self.transaction.to_dict()
        else:
            transaction = self.transaction

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transactionId": transaction_id,
                "type": type_,
                "createdAt": created_at,
                "change": change,
                "runningBalance": running_balance,
                "transaction": transaction,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.transaction import Transaction

        d = dict(src_dict)
        transaction_id = d.pop("transactionId")

        type_ = check_get_client_treasury_statement_response_200_lines_item_type(
            d.pop("type")
        )

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        change = d.pop("change")

        running_balance = d.pop("runningBalance")

        def _parse_transaction(data: object) -> None | Transaction:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                transaction_type_0 = Transaction.from_dict(data)

                return transaction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Transaction, data)

        transaction = _parse_transaction(d.pop("transaction"))

        get_client_treasury_statement_response_200_lines_item = cls(
            transaction_id=transaction_id,
            type_=type_,
            created_at=created_at,
            change=change,
            running_balance=running_balance,
            transaction=transaction,
        )

        return get_client_treasury_statement_response_200_lines_item
