from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hold import Hold
    from ..models.transaction import Transaction
    from ..models.wallet import Wallet


T = TypeVar("T", bound="GetCommandStatusResponse200Type1BodyType0")


@_attrs_define
class GetCommandStatusResponse200Type1BodyType0:
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

        get_command_status_response_200_type_1_body_type_0 = cls(
            hold=hold,
            transaction=transaction,
            wallet=wallet,
        )

        return get_command_status_response_200_type_1_body_type_0
