from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RequestUnfreezeResponse200FreezeType0UnfreezeRequestType0")


@_attrs_define
class RequestUnfreezeResponse200FreezeType0UnfreezeRequestType0:
    """
    Attributes:
        id (str): The request's id (an approval request of the unfreeze act)
        requested_by (int):
        reason (str):
        requested_at (datetime.datetime):
    """

    id: str
    requested_by: int
    reason: str
    requested_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        requested_by = self.requested_by

        reason = self.reason

        requested_at = self.requested_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "requestedBy": requested_by,
                "reason": reason,
                "requestedAt": requested_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        requested_by = d.pop("requestedBy")

        reason = d.pop("reason")

        requested_at = datetime.datetime.fromisoformat(d.pop("requestedAt"))

        request_unfreeze_response_200_freeze_type_0_unfreeze_request_type_0 = cls(
            id=id,
            requested_by=requested_by,
            reason=reason,
            requested_at=requested_at,
        )

        return request_unfreeze_response_200_freeze_type_0_unfreeze_request_type_0
