from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.request_cashout_reversal_response_202_approval import (
        RequestCashoutReversalResponse202Approval,
    )


T = TypeVar("T", bound="RequestCashoutReversalResponse202")


@_attrs_define
class RequestCashoutReversalResponse202:
    """
    Attributes:
        approval (RequestCashoutReversalResponse202Approval):
    """

    approval: RequestCashoutReversalResponse202Approval

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
        from ..models.request_cashout_reversal_response_202_approval import (
            RequestCashoutReversalResponse202Approval,
        )

        d = dict(src_dict)
        approval = RequestCashoutReversalResponse202Approval.from_dict(
            d.pop("approval")
        )

        request_cashout_reversal_response_202 = cls(
            approval=approval,
        )

        return request_cashout_reversal_response_202
