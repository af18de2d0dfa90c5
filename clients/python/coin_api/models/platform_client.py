from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.platform_client_treasuries_item import (
    PlatformClientTreasuriesItem,
    check_platform_client_treasuries_item,
)

T = TypeVar("T", bound="PlatformClient")


@_attrs_define
class PlatformClient:
    """
    Attributes:
        id (str): The client id, as `POST /api/auth/token` takes it
        name (str):
        created_at (datetime.datetime):
        revoked_at (datetime.datetime | None):
        treasuries (list[PlatformClientTreasuriesItem]): The treasuries it may reward from (REWARDS) and settle holds
            for (holds paying that treasury); its SYSTEM tokens carry them
        daily_reward_cap (float | None): Coins it may reward in a rolling 24 h; null: the ledger default
            (PLATFORM_CLIENT_DAILY_REWARD_COINS)
        cashout (bool): Granted `cashout`: a payout provider, which claims cash-outs and settles them by its signed
            callback; its SYSTEM tokens carry it
    """

    id: str
    name: str
    created_at: datetime.datetime
    revoked_at: datetime.datetime | None
    treasuries: list[PlatformClientTreasuriesItem]
    daily_reward_cap: float | None
    cashout: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        created_at = self.created_at.isoformat()

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        treasuries = []
        for treasuries_item_data in self.treasuries:
            treasuries_item: str = treasuries_item_data
            treasuries.append(treasuries_item)

        daily_reward_cap: float | None
        daily_reward_cap = self.daily_reward_cap

        cashout = self.cashout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "createdAt": created_at,
                "revokedAt": revoked_at,
                "treasuries": treasuries,
                "dailyRewardCap": daily_reward_cap,
                "cashout": cashout,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revokedAt"))

        treasuries = []
        _treasuries = d.pop("treasuries")
        for treasuries_item_data in _treasuries:
            treasuries_item = check_platform_client_treasuries_item(
                treasuries_item_data
            )

            treasuries.append(treasuries_item)

        def _parse_daily_reward_cap(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        daily_reward_cap = _parse_daily_reward_cap(d.pop("dailyRewardCap"))

        cashout = d.pop("cashout")

        platform_client = cls(
            id=id,
            name=name,
            created_at=created_at,
            revoked_at=revoked_at,
            treasuries=treasuries,
            daily_reward_cap=daily_reward_cap,
            cashout=cashout,
        )

        return platform_client
