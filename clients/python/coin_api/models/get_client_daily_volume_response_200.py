from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_client_daily_volume_response_200_clients_item import (
        GetClientDailyVolumeResponse200ClientsItem,
    )


T = TypeVar("T", bound="GetClientDailyVolumeResponse200")


@_attrs_define
class GetClientDailyVolumeResponse200:
    """
    Attributes:
        from_ (datetime.date): A UTC calendar day (YYYY-MM-DD), years 0001 to 9999
        to (datetime.date): A UTC calendar day (YYYY-MM-DD), years 0001 to 9999
        clients (list[GetClientDailyVolumeResponse200ClientsItem]): The clients that made any transaction in the range,
            most coins first, at most 10
        clients_total (int): How many clients made any transaction in the range: more than listed when past 10
    """

    from_: datetime.date
    to: datetime.date
    clients: list[GetClientDailyVolumeResponse200ClientsItem]
    clients_total: int

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        clients = []
        for clients_item_data in self.clients:
            clients_item = clients_item_data.to_dict()
            clients.append(clients_item)

        clients_total = self.clients_total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "clients": clients,
                "clientsTotal": clients_total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_client_daily_volume_response_200_clients_item import (
            GetClientDailyVolumeResponse200ClientsItem,
        )

        d = dict(src_dict)
        from_ = datetime.date.fromisoformat(d.pop("from"))

        to = datetime.date.fromisoformat(d.pop("to"))

        clients = []
        _clients = d.pop("clients")
        for clients_item_data in _clients:
            clients_item = GetClientDailyVolumeResponse200ClientsItem.from_dict(
                clients_item_data
            )

            clients.append(clients_item)

        clients_total = d.pop("clientsTotal")

        get_client_daily_volume_response_200 = cls(
            from_=from_,
            to=to,
            clients=clients,
            clients_total=clients_total,
        )

        return get_client_daily_volume_response_200
