from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approve_payout_request_response_201_approval import (
        ApprovePayoutRequestResponse201Approval,
    )
    from ..models.approve_payout_request_response_201_payout import (
        ApprovePayoutRequestResponse201Payout,
    )
    from ..models.treasury import Treasury
    from ..models.wallet import Wallet


T = TypeVar("T", bound="ApprovePayoutRequestResponse201")


@_attrs_define
class ApprovePayoutRequestResponse201:
    """
    Attributes:
        payout (ApprovePayoutRequestResponse201Payout):
        wallet (Treasury | Wallet):
        approval (ApprovePayoutRequestResponse201Approval):
    """

    payout: ApprovePayoutRequestResponse201Payout
    wallet: Treasury | Wallet
    approval: ApprovePayoutRequestResponse201Approval

    def to_dict(self) -> dict[str, Any]:
        from ..models.wallet import Wallet

        payout = self.payout.to_dict()

        wallet: dict[str, Any]
        if isinstance(self.wallet, Wallet):
            wallet = self.wallet.to_dict()
        else:
            wallet = self.wallet.to_dict()

        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "payout": payout,
                "wallet": wallet,
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approve_payout_request_response_201_approval import (
            ApprovePayoutRequestResponse201Approval,
        )
        from ..models.approve_payout_request_response_201_payout import (
            ApprovePayoutRequestResponse201Payout,
        )
        from ..models.treasury import Treasury
        from ..models.wallet import Wallet

        d = dict(src_dict)
        payout = ApprovePayoutRequestResponse201Payout.from_dict(d.pop("payout"))

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

        approval = ApprovePayoutRequestResponse201Approval.from_dict(d.pop("approval"))

        approve_payout_request_response_201 = cls(
            payout=payout,
            wallet=wallet,
            approval=approval,
        )

        return approve_payout_request_response_201
