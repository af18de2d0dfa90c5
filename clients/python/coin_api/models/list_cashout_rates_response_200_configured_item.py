from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListCashoutRatesResponse200ConfiguredItem")


@_attrs_define
class ListCashoutRatesResponse200ConfiguredItem:
    """
    Attributes:
        xaf_per_coin (int):
        effective_from (datetime.datetime):
    """

    xaf_per_coin: int
    effective_from: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        xaf_per_coin = self.xaf_per_coin

        effective_from = self.effective_from.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "xafPerCoin": xaf_per_coin,
                "effectiveFrom": effective_from,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        xaf_per_coin = d.pop("xafPerCoin")

        effective_from = datetime.datetime.fromisoformat(d.pop("effectiveFrom"))

        list_cashout_rates_response_200_configured_item = cls(
            xaf_per_coin=xaf_per_coin,
            effective_from=effective_from,
        )

        return list_cashout_rates_response_200_configured_item
