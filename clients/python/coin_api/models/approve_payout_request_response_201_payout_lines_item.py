from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ApprovePayoutRequestResponse201PayoutLinesItem")


@_attrs_define
class ApprovePayoutRequestResponse201PayoutLinesItem:
    """
    Attributes:
        index (int):
        to_user_id (int):
        amount (float): Coins (2 decimals)
        transaction_id (int):
    """

    index: int
    to_user_id: int
    amount: float
    transaction_id: int

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        to_user_id = self.to_user_id

        amount = self.amount

        transaction_id = self.transaction_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "toUserId": to_user_id,
                "amount": amount,
                "transactionId": transaction_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        to_user_id = d.pop("toUserId")

        amount = d.pop("amount")

        transaction_id = d.pop("transactionId")

        approve_payout_request_response_201_payout_lines_item = cls(
            index=index,
            to_user_id=to_user_id,
            amount=amount,
            transaction_id=transaction_id,
        )

        return approve_payout_request_response_201_payout_lines_item
