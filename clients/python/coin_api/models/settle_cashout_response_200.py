from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.settle_cashout_response_200_cashout import (
        SettleCashoutResponse200Cashout,
    )
    from ..models.transaction import Transaction
    from ..models.wallet import Wallet


T = TypeVar("T", bound="SettleCashoutResponse200")


@_attrs_define
class SettleCashoutResponse200:
    """
    Attributes:
        cashout (SettleCashoutResponse200Cashout):
        transaction (None | Transaction):
        wallet (Wallet):
    """

    cashout: SettleCashoutResponse200Cashout
    transaction: None | Transaction
    wallet: Wallet

    def to_dict(self) -> dict[str, Any]:
        from ..models.transaction import Transaction

        cashout = self.cashout.to_dict()

        transaction: dict[str, Any] | None
        if isinstance(self.transaction, Transaction):
            transaction = self.transaction.to_dict()
        else:
            transaction = self.transaction

        wallet = self.wallet.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashout": cashout,
                "transaction": transaction,
                "wallet": wallet,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.settle_cashout_response_200_cashout import (
            SettleCashoutResponse200Cashout,
        )
        from ..models.transaction import Transaction
        from ..models.wallet import Wallet

        d = dict(src_dict)
        cashout = SettleCashoutResponse200Cashout.from_dict(d.pop("cashout"))

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

        wallet = Wallet.from_dict(d.pop("wallet"))

        settle_cashout_response_200 = cls(
            cashout=cashout,
            transaction=transaction,
            wallet=wallet,
        )

        return settle_cashout_response_200
