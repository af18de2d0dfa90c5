from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_platform_client_body_treasuries_item import (
    CreatePlatformClientBodyTreasuriesItem,
    check_create_platform_client_body_treasuries_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreatePlatformClientBody")


@_attrs_define
class CreatePlatformClientBody:
    """
    Attributes:
        name (str): One line of text: no control characters, no lone surrogates; surrounding spaces are dropped
        treasuries (list[CreatePlatformClientBodyTreasuriesItem] | Unset): The treasuries granted (default none: the
            client may then settle only holds paying a user, and reward nothing)
        daily_reward_cap (float | Unset): Its own daily reward cap in coins (default: the ledger default)
        cashout (bool | Unset): Grant `cashout` (default false): the client is a payout provider, which claims cash-outs
            and settles them
    """

    name: str
    treasuries: list[CreatePlatformClientBodyTreasuriesItem] | Unset = UNSET
    daily_reward_cap: float | Unset = UNSET
    cashout: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        treasuries: list[str] | Unset = UNSET
        if not isinstance(self.treasuries, Unset):
            treasuries = []
            for treasuries_item_data in self.treasuries:
                treasuries_item: str = treasuries_item_data
                treasuries.append(treasuries_item)

        daily_reward_cap = self.daily_reward_cap

        cashout = self.cashout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if treasuries is not UNSET:
            field_dict["treasuries"] = treasuries
        if daily_reward_cap is not UNSET:
            field_dict["dailyRewardCap"] = daily_reward_cap
        if cashout is not UNSET:
            field_dict["cashout"] = cashout

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        _treasuries = d.pop("treasuries", UNSET)
        treasuries: list[CreatePlatformClientBodyTreasuriesItem] | Unset = UNSET
        if _treasuries is not UNSET:
            treasuries = []
            for treasuries_item_data in _treasuries:
                treasuries_item = check_create_platform_client_body_treasuries_item(
                    treasuries_item_data
                )

                treasuries.append(treasuries_item)

        daily_reward_cap = d.pop("dailyRewardCap", UNSET)

        cashout = d.pop("cashout", UNSET)

        create_platform_client_body = cls(
            name=name,
            treasuries=treasuries,
            daily_reward_cap=daily_reward_cap,
            cashout=cashout,
        )

        return create_platform_client_body
