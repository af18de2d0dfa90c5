from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.approval import Approval
    from ..models.approve_request_response_201_commission import (
        ApproveRequestResponse201Commission,
    )
    from ..models.transaction import Transaction
    from ..models.treasury import Treasury
    from ..models.wallet import Wallet


T = TypeVar("T", bound="ApproveRequestResponse201")


@_attrs_define
class ApproveRequestResponse201:
    """
    Attributes:
        transaction (Transaction):
        wallet (Treasury | Wallet):
        approval (Approval):
        commission (ApproveRequestResponse201Commission | Unset): A split purchase's refund: the commission's part,
            fronted to the buyer by the treasury (a TRANSFER splitOf the purchase); the clawback from the affiliate follows
    """

    transaction: Transaction
    wallet: Treasury | Wallet
    approval: Approval
    commission: ApproveRequestResponse201Commission | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.wallet import Wallet

        transaction = self.transaction.to_dict()

        wallet: dict[str, Any]
        if isinstance(self.wallet, Wallet):
            wallet = self.wallet.to_dict()
        else:
            wallet = self.wallet.to_dict()

        approval = self.approval.to_dict()

        commission: dict[str, Any] | Unset = UNSET
        if not isinstance(self.commission, Unset):
            commission = self.commission.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transaction": transaction,
                "wallet": wallet,
                "approval": approval,
            }
        )
        if commission is not UNSET:
            field_dict["commission"] = commission

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approval import Approval
        from ..models.approve_request_response_201_commission import (
            ApproveRequestResponse201Commission,
        )
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

        approval = Approval.from_dict(d.pop("approval"))

        _commission = d.pop("commission", UNSET)
        commission: ApproveRequestResponse201Commission | Unset
        if isinstance(_commission, Unset):
            commission = UNSET
        else:
            commission = ApproveRequestResponse201Commission.from_dict(_commission)

        approve_request_response_201 = cls(
            transaction=transaction,
            wallet=wallet,
            approval=approval,
            commission=commission,
        )

        return approve_request_response_201
