from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hold import Hold
    from ..models.transaction import Transaction
    from ..models.wallet import Wallet


T = TypeVar("T", bound="CaptureHoldsResponse200ResultsItemType0Result")


@_attrs_define
class CaptureHoldsResponse200ResultsItemType0Result:
    """
    Attributes:
        hold (Hold):
        transaction (Transaction):
        wallet (Wallet):
    """

    hold: Hold
    transaction: Transaction
    wallet: Wallet

    def to_dict(self) -> dict[str, Any]:
        hold = self.hold.to_dict()

        transaction = self.transaction.to_dict()

        wallet = self.wallet.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hold": hold,
                "transaction": transaction,
                "wallet": wallet,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hold import Hold
        from ..models.transaction import Transaction
        from ..models.wallet import Wallet

        d = dict(src_dict)
        hold = Hold.from_dict(d.pop("hold"))

        transaction = Transaction.from_dict(d.pop("transaction"))

        wallet = Wallet.from_dict(d.pop("wallet"))

        capture_holds_response_200_results_item_type_0_result = cls(
            hold=hold,
            transaction=transaction,
            wallet=wallet,
        )

        return capture_holds_response_200_results_item_type_0_result
