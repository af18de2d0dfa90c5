from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hold import Hold
    from ..models.transaction import Transaction
    from ..models.wallet import Wallet


T = TypeVar("T", bound="CaptureHoldResponse201")


@_attrs_define
class CaptureHoldResponse201:
    """
    Attributes:
        hold (Hold):
        transaction (Transaction):
        wallet (Wallet):
        dry_run (bool | Unset): Present (`true`) only on the answer to a dry run (`?dryRun=true`): the command was
            decided as it would be and nothing was written (no transaction, event, approval request, stored outcome or limit
            consumed); ids in the answer name nothing
    """

    hold: Hold
    transaction: Transaction
    wallet: Wallet
    dry_run: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hold = self.hold.to_dict()

        transaction = self.transaction.to_dict()

        wallet = self.wallet.to_dict()

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hold": hold,
                "transaction": transaction,
                "wallet": wallet,
            }
        )
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

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

        dry_run = d.pop("dryRun", UNSET)

        capture_hold_response_201 = cls(
            hold=hold,
            transaction=transaction,
            wallet=wallet,
            dry_run=dry_run,
        )

        return capture_hold_response_201
