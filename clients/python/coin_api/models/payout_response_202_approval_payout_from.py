from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.payout_response_202_approval_payout_from_treasury import (
    PayoutResponse202ApprovalPayoutFromTreasury,
    check_payout_response_202_approval_payout_from_treasury,
)

T = TypeVar("T", bound="PayoutResponse202ApprovalPayoutFrom")


@_attrs_define
class PayoutResponse202ApprovalPayoutFrom:
    """
    Attributes:
        treasury (PayoutResponse202ApprovalPayoutFromTreasury):
    """

    treasury: PayoutResponse202ApprovalPayoutFromTreasury

    def to_dict(self) -> dict[str, Any]:
        treasury: str = self.treasury

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasury": treasury,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        treasury = check_payout_response_202_approval_payout_from_treasury(
            d.pop("treasury")
        )

        payout_response_202_approval_payout_from = cls(
            treasury=treasury,
        )

        return payout_response_202_approval_payout_from
