from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_cashout_response_200_approval import (
        RejectCashoutResponse200Approval,
    )
    from ..models.reject_cashout_response_200_cashout import (
        RejectCashoutResponse200Cashout,
    )


T = TypeVar("T", bound="RejectCashoutResponse200")


@_attrs_define
class RejectCashoutResponse200:
    """
    Attributes:
        cashout (RejectCashoutResponse200Cashout):
        approval (RejectCashoutResponse200Approval):
    """

    cashout: RejectCashoutResponse200Cashout
    approval: RejectCashoutResponse200Approval

    def to_dict(self) -> dict[str, Any]:
        cashout = self.cashout.to_dict()

        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashout": cashout,
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reject_cashout_response_200_approval import (
            RejectCashoutResponse200Approval,
        )
        from ..models.reject_cashout_response_200_cashout import (
            RejectCashoutResponse200Cashout,
        )

        d = dict(src_dict)
        cashout = RejectCashoutResponse200Cashout.from_dict(d.pop("cashout"))

        approval = RejectCashoutResponse200Approval.from_dict(d.pop("approval"))

        reject_cashout_response_200 = cls(
            cashout=cashout,
            approval=approval,
        )

        return reject_cashout_response_200
