from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_cashout_response_201_cashout import (
        CreateCashoutResponse201Cashout,
    )
    from ..models.wallet import Wallet


T = TypeVar("T", bound="CreateCashoutResponse201")


@_attrs_define
class CreateCashoutResponse201:
    """
    Attributes:
        cashout (CreateCashoutResponse201Cashout):
        wallet (Wallet):
        dry_run (bool | Unset): Present (`true`) only on the answer to a dry run (`?dryRun=true`): the command was
            decided as it would be and nothing was written (no transaction, event, approval request, stored outcome or limit
            consumed); ids in the answer name nothing
    """

    cashout: CreateCashoutResponse201Cashout
    wallet: Wallet
    dry_run: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cashout = self.cashout.to_dict()

        wallet = self.wallet.to_dict()

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashout": cashout,
                "wallet": wallet,
            }
        )
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_cashout_response_201_cashout import (
            CreateCashoutResponse201Cashout,
        )
        from ..models.wallet import Wallet

        d = dict(src_dict)
        cashout = CreateCashoutResponse201Cashout.from_dict(d.pop("cashout"))

        wallet = Wallet.from_dict(d.pop("wallet"))

        dry_run = d.pop("dryRun", UNSET)

        create_cashout_response_201 = cls(
            cashout=cashout,
            wallet=wallet,
            dry_run=dry_run,
        )

        return create_cashout_response_201
