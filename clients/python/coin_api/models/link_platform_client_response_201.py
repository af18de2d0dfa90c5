from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LinkPlatformClientResponse201")


@_attrs_define
class LinkPlatformClientResponse201:
    """
    Attributes:
        client_id (str):
        linked_at (datetime.datetime):
    """

    client_id: str
    linked_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        linked_at = self.linked_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "linkedAt": linked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        linked_at = datetime.datetime.fromisoformat(d.pop("linkedAt"))

        link_platform_client_response_201 = cls(
            client_id=client_id,
            linked_at=linked_at,
        )

        return link_platform_client_response_201
