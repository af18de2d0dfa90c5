from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.get_balance_monitor_response_200_direction import (
    GetBalanceMonitorResponse200Direction,
    check_get_balance_monitor_response_200_direction,
)

if TYPE_CHECKING:
    from ..models.get_balance_monitor_response_200_wallet import (
        GetBalanceMonitorResponse200Wallet,
    )


T = TypeVar("T", bound="GetBalanceMonitorResponse200")


@_attrs_define
class GetBalanceMonitorResponse200:
    """
    Attributes:
        id (UUID):
        wallet (GetBalanceMonitorResponse200Wallet):
        threshold (float): Coins (2 decimals)
        direction (GetBalanceMonitorResponse200Direction):
        enabled (bool):
        created_by (int): The ADMIN or SUPERADMIN who created it
        created_at (datetime.datetime):
        last_crossed_at (datetime.datetime | None): When it last fired; null if never
    """

    id: UUID
    wallet: GetBalanceMonitorResponse200Wallet
    threshold: float
    direction: GetBalanceMonitorResponse200Direction
    enabled: bool
    created_by: int
    created_at: datetime.datetime
    last_crossed_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        wallet = self.wallet.to_dict()

        threshold = self.threshold

        direction: str = self.direction

        enabled = self.enabled

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        last_crossed_at: None | str
        if isinstance(self.last_crossed_at, datetime.datetime):
            last_crossed_at = self.last_crossed_at.isoformat()
        else:
            last_crossed_at = self.last_crossed_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "wallet": wallet,
                "threshold": threshold,
                "direction": direction,
                "enabled": enabled,
                "createdBy": created_by,
                "createdAt": created_at,
                "lastCrossedAt": last_crossed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_balance_monitor_response_200_wallet import (
            GetBalanceMonitorResponse200Wallet,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        wallet = GetBalanceMonitorResponse200Wallet.from_dict(d.pop("wallet"))

        threshold = d.pop("threshold")

        direction = check_get_balance_monitor_response_200_direction(d.pop("direction"))

        enabled = d.pop("enabled")

        created_by = d.pop("createdBy")

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

        get_balance_monitor_response_200 = cls(
            id=id,
            wallet=wallet,
            threshold=threshold,
            direction=direction,
            enabled=enabled,
            created_by=created_by,
            created_at=created_at,
            last_crossed_at=last_crossed_at,
        )

        return get_balance_monitor_response_200
