from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PayoutBodyLinesItem")


@_attrs_define
class PayoutBodyLinesItem:
    """
    Attributes:
        to_user_id (int):
        amount (float): Coins, > 0, at most 2 decimals, at most 1,000,000,000
        reason (str | Unset): Text: tab and line breaks allowed; no other control characters, no lone surrogates
    """

    to_user_id: int
    amount: float
    reason: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        to_user_id = self.to_user_id

        amount = self.amount

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "toUserId": to_user_id,
                "amount": amount,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        to_user_id = d.pop("toUserId")

        amount = d.pop("amount")

        reason = d.pop("reason", UNSET)

        payout_body_lines_item = cls(
            to_user_id=to_user_id,
            amount=amount,
            reason=reason,
        )

        return payout_body_lines_item
