from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_cashout_reversal_response_200_approval import (
        RejectCashoutReversalResponse200Approval,
    )


T = TypeVar("T", bound="RejectCashoutReversalResponse200")


@_attrs_define
class RejectCashoutReversalResponse200:
    """
    Attributes:
        approval (RejectCashoutReversalResponse200Approval):
    """

    approval: RejectCashoutReversalResponse200Approval

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
        from ..models.reject_cashout_reversal_response_200_approval import (
            RejectCashoutReversalResponse200Approval,
        )

        d = dict(src_dict)
        approval = RejectCashoutReversalResponse200Approval.from_dict(d.pop("approval"))

        reject_cashout_reversal_response_200 = cls(
            approval=approval,
        )

        return reject_cashout_reversal_response_200
