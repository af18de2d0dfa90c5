from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.get_platform_client_balance_monitor_response_200_direction import (
    GetPlatformClientBalanceMonitorResponse200Direction,
    check_get_platform_client_balance_monitor_response_200_direction,
)

if TYPE_CHECKING:
    from ..models.get_platform_client_balance_monitor_response_200_wallet import (
        GetPlatformClientBalanceMonitorResponse200Wallet,
    )


T = TypeVar("T", bound="GetPlatformClientBalanceMonitorResponse200")


@_attrs_define
class GetPlatformClientBalanceMonitorResponse200:
    """
    Attributes:
        id (UUID):
        wallet (GetPlatformClientBalanceMonitorResponse200Wallet):
        threshold (float): Coins (2 decimals)
        direction (GetPlatformClientBalanceMonitorResponse200Direction):
        enabled (bool):
        created_at (datetime.datetime):
        last_crossed_at (datetime.datetime | None): When it last fired; null if never
        client_id (str): The platform client that set it
    """

    id: UUID
    wallet: GetPlatformClientBalanceMonitorResponse200Wallet
    threshold: float
    direction: GetPlatformClientBalanceMonitorResponse200Direction
    enabled: bool
    created_at: datetime.datetime
    last_crossed_at: datetime.datetime | None
    client_id: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        wallet = self.wallet.to_dict()

        threshold = self.threshold

        direction: str = self.direction

        enabled = self.enabled

        created_at = self.created_at.isoformat()

        last_crossed_at: None | str
        if isinstance(self.last_crossed_at, datetime.datetime):
            last_crossed_at = self.last_crossed_at.isoformat()
        else:
            last_crossed_at = self.last_crossed_at

        client_id = self.client_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "wallet": wallet,
                "threshold": threshold,
                "direction": direction,
                "enabled": enabled,
                "createdAt": created_at,
                "lastCrossedAt": last_crossed_at,
                "clientId": client_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_platform_client_balance_monitor_response_200_wallet import (
            GetPlatformClientBalanceMonitorResponse200Wallet,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        wallet = GetPlatformClientBalanceMonitorResponse200Wallet.from_dict(
            d.pop("wallet")
        )

        threshold = d.pop("threshold")

        direction = check_get_platform_client_balance_monitor_response_200_direction(
            d.pop("direction")
        )

        enabled = d.pop("enabled")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_last_crossed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_crossed_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_crossed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_crossed_at = _parse_last_crossed_at(d.pop("lastCrossedAt"))

        client_id = d.pop("clientId")

        get_platform_client_balance_monitor_response_200 = cls(
            id=id,
            wallet=wallet,
            threshold=threshold,
            direction=direction,
            enabled=enabled,
            created_at=created_at,
            last_crossed_at=last_crossed_at,
            client_id=client_id,
        )

        return get_platform_client_balance_monitor_response_200
