from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ProposeCashoutRateBody")


@_attrs_define
class ProposeCashoutRateBody:
    """
    Attributes:
        xaf_per_coin (int): XAF per coin, a whole number
        effective_from (datetime.datetime): When it comes into force: at least 60 seconds and at most 90 days after the
            ledger applies the proposal, and still at least 60 seconds ahead when it is approved
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

        propose_cashout_rate_body = cls(
            xaf_per_coin=xaf_per_coin,
            effective_from=effective_from,
        )

        return propose_cashout_rate_body
