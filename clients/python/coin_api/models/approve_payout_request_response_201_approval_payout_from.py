from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_payout_request_response_201_approval_payout_from_treasury import (
    ApprovePayoutRequestResponse201ApprovalPayoutFromTreasury,
    check_approve_payout_request_response_201_approval_payout_from_treasury,
)

T = TypeVar("T", bound="ApprovePayoutRequestResponse201ApprovalPayoutFrom")


@_attrs_define
class ApprovePayoutRequestResponse201ApprovalPayoutFrom:
    """
    Attributes:
        treasury (ApprovePayoutRequestResponse201ApprovalPayoutFromTreasury):
    """

    treasury: ApprovePayoutRequestResponse201ApprovalPayoutFromTreasury

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
        treasury = (
            check_approve_payout_request_response_201_approval_payout_from_treasury(
                d.pop("treasury")
            )
        )

        approve_payout_request_response_201_approval_payout_from = cls(
            treasury=treasury,
        )

        return approve_payout_request_response_201_approval_payout_from
