from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.grant_request_act_type_2_treasuries_item import (
    GrantRequestActType2TreasuriesItem,
    check_grant_request_act_type_2_treasuries_item,
)
from ..models.grant_request_act_type_2_type import (
    GrantRequestActType2Type,
    check_grant_request_act_type_2_type,
)

T = TypeVar("T", bound="GrantRequestActType2")


@_attrs_define
class GrantRequestActType2:
    """
    Attributes:
        type_ (GrantRequestActType2Type):
        client_id (str): The client id, as `POST /api/auth/token` takes it once approved
        name (str):
        treasuries (list[GrantRequestActType2TreasuriesItem]):
        daily_reward_cap (float | None): Coins it may reward in a rolling 24 h; null: the ledger default
        cashout (bool): Granted `cashout`: a payout provider, which claims and settles cash-outs
    """

    type_: GrantRequestActType2Type
    client_id: str
    name: str
    treasuries: list[GrantRequestActType2TreasuriesItem]
    daily_reward_cap: float | None
    cashout: bool

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        client_id = self.client_id

        name = self.name

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
                "type": type_,
                "clientId": client_id,
                "name": name,
                "treasuries": treasuries,
                "dailyRewardCap": daily_reward_cap,
                "cashout": cashout,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_grant_request_act_type_2_type(d.pop("type"))

        client_id = d.pop("clientId")

        name = d.pop("name")

        treasuries = []
        _treasuries = d.pop("treasuries")
        for treasuries_item_data in _treasuries:
            treasuries_item = check_grant_request_act_type_2_treasuries_item(
                treasuries_item_data
            )

            treasuries.append(treasuries_item)

        def _parse_daily_reward_cap(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        daily_reward_cap = _parse_daily_reward_cap(d.pop("dailyRewardCap"))

        cashout = d.pop("cashout")

        grant_request_act_type_2 = cls(
            type_=type_,
            client_id=client_id,
            name=name,
            treasuries=treasuries,
            daily_reward_cap=daily_reward_cap,
            cashout=cashout,
        )

        return grant_request_act_type_2
