from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.transaction import Transaction
    from ..models.treasury import Treasury
    from ..models.wallet import Wallet


T = TypeVar("T", bound="RewardUserResponse201")


@_attrs_define
class RewardUserResponse201:
    """
    Attributes:
        transaction (Transaction):
        wallet (Treasury | Wallet):
        dry_run (bool | Unset): Present (`true`) only on the answer to a dry run (`?dryRun=true`): the command was
            decided as it would be and nothing was written (no transaction, event, approval request, stored outcome or limit
            consumed); ids in the answer name nothing
    """

    transaction: Transaction
    wallet: Treasury | Wallet
    dry_run: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.wallet import Wallet

        transaction = self.transaction.to_dict()

        wallet: dict[str, Any]
        if isinstance(self.wallet, Wallet):
            wallet = self.wallet.to_dict()
        else:
            wallet = self.wallet.to_dict()

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transaction": transaction,
                "wallet": wallet,
            }
        )
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.transaction import Transaction
        from ..models.treasury import Treasury
        from ..models.wallet import Wallet

        d = dict(src_dict)
        transaction = Transaction.from_dict(d.pop("transaction"))

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

        reward_user_response_201 = cls(
            transaction=transaction,
            wallet=wallet,
            dry_run=dry_run,
        )

        return reward_user_response_201
