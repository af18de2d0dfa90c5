from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.payout_response_202_approval import PayoutResponse202Approval


T = TypeVar("T", bound="PayoutResponse202")


@_attrs_define
class PayoutResponse202:
    """
    Attributes:
        approval (PayoutResponse202Approval):
    """

    approval: PayoutResponse202Approval

    def to_dict(self) -> dict[str, Any]:
        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.payout_response_202_approval import PayoutResponse202Approval

        d = dict(src_dict)
        approval = PayoutResponse202Approval.from_dict(d.pop("approval"))

        payout_response_202 = cls(
            approval=approval,
        )

        return payout_response_202
