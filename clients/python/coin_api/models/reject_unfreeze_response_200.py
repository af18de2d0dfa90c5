from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_unfreeze_response_200_approval import (
        RejectUnfreezeResponse200Approval,
    )


T = TypeVar("T", bound="RejectUnfreezeResponse200")


@_attrs_define
class RejectUnfreezeResponse200:
    """
    Attributes:
        approval (RejectUnfreezeResponse200Approval):
    """

    approval: RejectUnfreezeResponse200Approval

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
        from ..models.reject_unfreeze_response_200_approval import (
            RejectUnfreezeResponse200Approval,
        )

        d = dict(src_dict)
        approval = RejectUnfreezeResponse200Approval.from_dict(d.pop("approval"))

        reject_unfreeze_response_200 = cls(
            approval=approval,
        )

        return reject_unfreeze_response_200
