from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_cashout_rate_response_200_approval import (
        RejectCashoutRateResponse200Approval,
    )
    from ..models.reject_cashout_rate_response_200_rate import (
        RejectCashoutRateResponse200Rate,
    )


T = TypeVar("T", bound="RejectCashoutRateResponse200")


@_attrs_define
class RejectCashoutRateResponse200:
    """
    Attributes:
        rate (RejectCashoutRateResponse200Rate):
        approval (RejectCashoutRateResponse200Approval):
    """

    rate: RejectCashoutRateResponse200Rate
    approval: RejectCashoutRateResponse200Approval

    def to_dict(self) -> dict[str, Any]:
        rate = self.rate.to_dict()

        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rate": rate,
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reject_cashout_rate_response_200_approval import (
            RejectCashoutRateResponse200Approval,
        )
        from ..models.reject_cashout_rate_response_200_rate import (
            RejectCashoutRateResponse200Rate,
        )

        d = dict(src_dict)
        rate = RejectCashoutRateResponse200Rate.from_dict(d.pop("rate"))

        approval = RejectCashoutRateResponse200Approval.from_dict(d.pop("approval"))

        reject_cashout_rate_response_200 = cls(
            rate=rate,
            approval=approval,
        )

        return reject_cashout_rate_response_200
