from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ApproveUnfreezeResponse200ApprovalUnfreeze")


@_attrs_define
class ApproveUnfreezeResponse200ApprovalUnfreeze:
    """
    Attributes:
        user_id (int):
        reason (str):
    """

    user_id: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("userId")

        reason = d.pop("reason")

        approve_unfreeze_response_200_approval_unfreeze = cls(
            user_id=user_id,
            reason=reason,
        )

        return approve_unfreeze_response_200_approval_unfreeze
