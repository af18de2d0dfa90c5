from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approve_cashout_response_200_approval import (
        ApproveCashoutResponse200Approval,
    )
    from ..models.approve_cashout_response_200_cashout import (
        ApproveCashoutResponse200Cashout,
    )


T = TypeVar("T", bound="ApproveCashoutResponse200")


@_attrs_define
class ApproveCashoutResponse200:
    """
    Attributes:
        cashout (ApproveCashoutResponse200Cashout):
        approval (ApproveCashoutResponse200Approval):
    """

    cashout: ApproveCashoutResponse200Cashout
    approval: ApproveCashoutResponse200Approval

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
        from ..models.approve_cashout_response_200_approval import (
            ApproveCashoutResponse200Approval,
        )
        from ..models.approve_cashout_response_200_cashout import (
            ApproveCashoutResponse200Cashout,
        )

        d = dict(src_dict)
        cashout = ApproveCashoutResponse200Cashout.from_dict(d.pop("cashout"))

        approval = ApproveCashoutResponse200Approval.from_dict(d.pop("approval"))

        approve_cashout_response_200 = cls(
            cashout=cashout,
            approval=approval,
        )

        return approve_cashout_response_200
