from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_payout_request_response_200_approval import (
        RejectPayoutRequestResponse200Approval,
    )


T = TypeVar("T", bound="RejectPayoutRequestResponse200")


@_attrs_define
class RejectPayoutRequestResponse200:
    """
    Attributes:
        approval (RejectPayoutRequestResponse200Approval):
    """

    approval: RejectPayoutRequestResponse200Approval

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
        from ..models.reject_payout_request_response_200_approval import (
            RejectPayoutRequestResponse200Approval,
        )

        d = dict(src_dict)
        approval = RejectPayoutRequestResponse200Approval.from_dict(d.pop("approval"))

        reject_payout_request_response_200 = cls(
            approval=approval,
        )

        return reject_payout_request_response_200
