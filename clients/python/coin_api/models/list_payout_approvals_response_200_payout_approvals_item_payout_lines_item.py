from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar(
    "T", bound="ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutLinesItem"
)


@_attrs_define
class ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutLinesItem:
    """
    Attributes:
        index (int):
        to_user_id (int):
        amount (float): Coins (2 decimals)
        reason (None | str):
    """

    index: int
    to_user_id: int
    amount: float
    reason: None | str

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        to_user_id = self.to_user_id

        amount = self.amount

        reason: None | str
        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "toUserId": to_user_id,
                "amount": amount,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        to_user_id = d.pop("toUserId")

        amount = d.pop("amount")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        list_payout_approvals_response_200_payout_approvals_item_payout_lines_item = (
            cls(
                index=index,
                to_user_id=to_user_id,
                amount=amount,
                reason=reason,
            )
        )

        return (
            list_payout_approvals_response_200_payout_approvals_item_payout_lines_item
        )
