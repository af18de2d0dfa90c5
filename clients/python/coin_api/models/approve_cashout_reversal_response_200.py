from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approve_cashout_reversal_response_200_approval import (
        ApproveCashoutReversalResponse200Approval,
    )
    from ..models.approve_cashout_reversal_response_200_cashout import (
        ApproveCashoutReversalResponse200Cashout,
    )
    from ..models.wallet import Wallet


T = TypeVar("T", bound="ApproveCashoutReversalResponse200")


@_attrs_define
class ApproveCashoutReversalResponse200:
    """
    Attributes:
        cashout (ApproveCashoutReversalResponse200Cashout):
        wallet (Wallet):
        approval (ApproveCashoutReversalResponse200Approval):
    """

    cashout: ApproveCashoutReversalResponse200Cashout
    wallet: Wallet
    approval: ApproveCashoutReversalResponse200Approval

    def to_dict(self) -> dict[str, Any]:
        cashout = self.cashout.to_dict()

        wallet = self.wallet.to_dict()

        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashout": cashout,
                "wallet": wallet,
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approve_cashout_reversal_response_200_approval import (
            ApproveCashoutReversalResponse200Approval,
        )
        from ..models.approve_cashout_reversal_response_200_cashout import (
            ApproveCashoutReversalResponse200Cashout,
        )
        from ..models.wallet import Wallet

        d = dict(src_dict)
        cashout = ApproveCashoutReversalResponse200Cashout.from_dict(d.pop("cashout"))

        wallet = Wallet.from_dict(d.pop("wallet"))

        approval = ApproveCashoutReversalResponse200Approval.from_dict(
            d.pop("approval")
        )

        approve_cashout_reversal_response_200 = cls(
            cashout=cashout,
            wallet=wallet,
            approval=approval,
        )

        return approve_cashout_reversal_response_200
