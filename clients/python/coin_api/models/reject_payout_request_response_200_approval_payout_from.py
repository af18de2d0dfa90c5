from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.reject_payout_request_response_200_approval_payout_from_treasury import (
    RejectPayoutRequestResponse200ApprovalPayoutFromTreasury,
    check_reject_payout_request_response_200_approval_payout_from_treasury,
)

T = TypeVar("T", bound="RejectPayoutRequestResponse200ApprovalPayoutFrom")


@_attrs_define
class RejectPayoutRequestResponse200ApprovalPayoutFrom:
    """
    Attributes:
        treasury (RejectPayoutRequestResponse200ApprovalPayoutFromTreasury):
    """

    treasury: RejectPayoutRequestResponse200ApprovalPayoutFromTreasury

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
            check_reject_payout_request_response_200_approval_payout_from_treasury(
                d.pop("treasury")
            )
        )

        reject_payout_request_response_200_approval_payout_from = cls(
            treasury=treasury,
        )

        return reject_payout_request_response_200_approval_payout_from
