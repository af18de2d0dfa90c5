from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LinkPlatformClientBody")


@_attrs_define
class LinkPlatformClientBody:
    """
    Attributes:
        client_id (str):
    """

    client_id: str

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        link_platform_client_body = cls(
            client_id=client_id,
        )

        return link_platform_client_body
