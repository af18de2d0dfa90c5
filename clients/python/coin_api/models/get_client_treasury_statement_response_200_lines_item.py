from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_client_treasury_statement_response_200_lines_item_type import (
    GetClientTreasuryStatementResponse200LinesItemType,
    check_get_client_treasury_statement_response_200_lines_item_type,
)

if TYPE_CHECKING:
    from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0 import (
        GetClientTreasuryStatementResponse200LinesItemTransactionType0,
    )


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
        transaction (GetClientTreasuryStatementResponse200LinesItemTransactionType0 | None): The whole transaction when
            this client made it (its clientId); null for any other (a person's, an operator's, another platform's): those
            show as their change to the balance alone
    """

    transaction_id: int
    type_: GetClientTreasuryStatementResponse200LinesItemType
    created_at: datetime.datetime
    change: float
    running_balance: float
    transaction: GetClientTreasuryStatementResponse200LinesItemTransactionType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0 import (
            GetClientTreasuryStatementResponse200LinesItemTransactionType0,
        )

        transaction_id = self.transaction_id

        type_: str = self.type_

        created_at = self.created_at.isoformat()

        change = self.change

        running_balance = self.running_balance

        transaction: dict[str, Any] | None
        if isinstance(
            self.transaction,
            GetClientTreasuryStatementResponse200LinesItemTransactionType0,
        ):
            transaction = self.transaction.to_dict()
        else:
            transaction = self.transaction

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0 import (
            GetClientTreasuryStatementResponse200LinesItemTransactionType0,
        )

        d = dict(src_dict)
        transaction_id = d.pop("transactionId")

        type_ = check_get_client_treasury_statement_response_200_lines_item_type(
            d.pop("type")
        )

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        change = d.pop("change")

        running_balance = d.pop("runningBalance")

        def _parse_transaction(
            data: object,
        ) -> GetClientTreasuryStatementResponse200LinesItemTransactionType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                transaction_type_0 = GetClientTreasuryStatementResponse200LinesItemTransactionType0.from_dict(
                    data
                )

                return transaction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                GetClientTreasuryStatementResponse200LinesItemTransactionType0 | None,
                data,
            )

        transaction = _parse_transaction(d.pop("transaction"))

        get_client_treasury_statement_response_200_lines_item = cls(
            transaction_id=transaction_id,
            type_=type_,
            created_at=created_at,
            change=change,
            running_balance=running_balance,
            transaction=transaction,
        )

        get_client_treasury_statement_response_200_lines_item.additional_properties = d
        return get_client_treasury_statement_response_200_lines_item

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
