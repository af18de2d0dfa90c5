from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_payout_approvals_response_200_payout_approvals_item_payout_from_treasury import (
    ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFromTreasury,
    check_list_payout_approvals_response_200_payout_approvals_item_payout_from_treasury,
)

T = TypeVar("T", bound="ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFrom")


@_attrs_define
class ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFrom:
    """
    Attributes:
        treasury (ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFromTreasury):
    """

    treasury: ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFromTreasury

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
        treasury = check_list_payout_approvals_response_200_payout_approvals_item_payout_from_treasury(
            d.pop("treasury")
        )

        list_payout_approvals_response_200_payout_approvals_item_payout_from = cls(
            treasury=treasury,
        )

        return list_payout_approvals_response_200_payout_approvals_item_payout_from
