from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.platform_client import PlatformClient


T = TypeVar("T", bound="ListPlatformClientsResponse200")


@_attrs_define
class ListPlatformClientsResponse200:
    """
    Attributes:
        platform_clients (list[PlatformClient]):
    """

    platform_clients: list[PlatformClient]

    def to_dict(self) -> dict[str, Any]:
        platform_clients = []
        for platform_clients_item_data in self.platform_clients:
            platform_clients_item = platform_clients_item_data.to_dict()
            platform_clients.append(platform_clients_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "platformClients": platform_clients,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.platform_client import PlatformClient

        d = dict(src_dict)
        platform_clients = []
        _platform_clients = d.pop("platformClients")
        for platform_clients_item_data in _platform_clients:
            platform_clients_item = PlatformClient.from_dict(platform_clients_item_data)

            platform_clients.append(platform_clients_item)

        list_platform_clients_response_200 = cls(
            platform_clients=platform_clients,
        )

        return list_platform_clients_response_200
