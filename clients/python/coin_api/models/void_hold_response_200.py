from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hold import Hold
    from ..models.wallet import Wallet


T = TypeVar("T", bound="VoidHoldResponse200")


@_attrs_define
class VoidHoldResponse200:
    """
    Attributes:
        hold (Hold):
        wallet (Wallet):
        dry_run (bool | Unset): Present (`true`) only on the answer to a dry run (`?dryRun=true`): the command was
            decided as it would be and nothing was written (no transaction, event, approval request, stored outcome or limit
            consumed); ids in the answer name nothing
    """

    hold: Hold
    wallet: Wallet
    dry_run: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hold = self.hold.to_dict()

        wallet = self.wallet.to_dict()

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hold": hold,
                "wallet": wallet,
            }
        )
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hold import Hold
        from ..models.wallet import Wallet

        d = dict(src_dict)
        hold = Hold.from_dict(d.pop("hold"))

        wallet = Wallet.from_dict(d.pop("wallet"))

        dry_run = d.pop("dryRun", UNSET)

        void_hold_response_200 = cls(
            hold=hold,
            wallet=wallet,
            dry_run=dry_run,
        )

        return void_hold_response_200
