from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.payout_response_201_payout import PayoutResponse201Payout
    from ..models.treasury import Treasury
    from ..models.wallet import Wallet


T = TypeVar("T", bound="PayoutResponse201")


@_attrs_define
class PayoutResponse201:
    """
    Attributes:
        payout (PayoutResponse201Payout):
        wallet (Treasury | Wallet):
        dry_run (bool | Unset): Present (`true`) only on the answer to a dry run (`?dryRun=true`): the command was
            decided as it would be and nothing was written (no transaction, event, approval request, stored outcome or limit
            consumed); ids in the answer name nothing
    """

    payout: PayoutResponse201Payout
    wallet: Treasury | Wallet
    dry_run: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.wallet import Wallet

        payout = self.payout.to_dict()

        wallet: dict[str, Any]
        if isinstance(self.wallet, Wallet):
            wallet = self.wallet.to_dict()
        else:
            wallet = self.wallet.to_dict()

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "payout": payout,
                "wallet": wallet,
            }
        )
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.payout_response_201_payout import PayoutResponse201Payout
        from ..models.treasury import Treasury
        from ..models.wallet import Wallet

        d = dict(src_dict)
        payout = PayoutResponse201Payout.from_dict(d.pop("payout"))

        def _parse_wallet(data: object) -> Treasury | Wallet:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                wallet_type_0 = Wallet.from_dict(data)

                return wallet_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            wallet_type_1 = Treasury.from_dict(data)

            return wallet_type_1

        wallet = _parse_wallet(d.pop("wallet"))

        dry_run = d.pop("dryRun", UNSET)

        payout_response_201 = cls(
            payout=payout,
            wallet=wallet,
            dry_run=dry_run,
        )

        return payout_response_201
