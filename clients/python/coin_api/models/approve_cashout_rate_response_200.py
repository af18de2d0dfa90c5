from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approve_cashout_rate_response_200_approval import (
        ApproveCashoutRateResponse200Approval,
    )
    from ..models.approve_cashout_rate_response_200_rate import (
        ApproveCashoutRateResponse200Rate,
    )


T = TypeVar("T", bound="ApproveCashoutRateResponse200")


@_attrs_define
class ApproveCashoutRateResponse200:
    """
    Attributes:
        rate (ApproveCashoutRateResponse200Rate):
        approval (ApproveCashoutRateResponse200Approval):
    """

    rate: ApproveCashoutRateResponse200Rate
    approval: ApproveCashoutRateResponse200Approval

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
        from ..models.approve_cashout_rate_response_200_approval import (
            ApproveCashoutRateResponse200Approval,
        )
        from ..models.approve_cashout_rate_response_200_rate import (
            ApproveCashoutRateResponse200Rate,
        )

        d = dict(src_dict)
        rate = ApproveCashoutRateResponse200Rate.from_dict(d.pop("rate"))

        approval = ApproveCashoutRateResponse200Approval.from_dict(d.pop("approval"))

        approve_cashout_rate_response_200 = cls(
            rate=rate,
            approval=approval,
        )

        return approve_cashout_rate_response_200
