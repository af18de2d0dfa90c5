from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_payout_approval_response_200_payout_from_treasury import (
    GetPayoutApprovalResponse200PayoutFromTreasury,
    check_get_payout_approval_response_200_payout_from_treasury,
)

T = TypeVar("T", bound="GetPayoutApprovalResponse200PayoutFrom")


@_attrs_define
class GetPayoutApprovalResponse200PayoutFrom:
    """
    Attributes:
        treasury (GetPayoutApprovalResponse200PayoutFromTreasury):
    """

    treasury: GetPayoutApprovalResponse200PayoutFromTreasury

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
        treasury = check_get_payout_approval_response_200_payout_from_treasury(
            d.pop("treasury")
        )

        get_payout_approval_response_200_payout_from = cls(
            treasury=treasury,
        )

        return get_payout_approval_response_200_payout_from
