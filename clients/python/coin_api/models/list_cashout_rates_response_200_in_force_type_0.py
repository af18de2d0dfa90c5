from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListCashoutRatesResponse200InForceType0")


@_attrs_define
class ListCashoutRatesResponse200InForceType0:
    """
    Attributes:
        xaf_per_coin (int):
        effective_from (datetime.datetime):
        id (None | UUID):
    """

    xaf_per_coin: int
    effective_from: datetime.datetime
    id: None | UUID

    def to_dict(self) -> dict[str, Any]:
        xaf_per_coin = self.xaf_per_coin

        effective_from = self.effective_from.isoformat()

        id: None | str
        if isinstance(self.id, UUID):
            id = str(self.id)
        else:
            id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "xafPerCoin": xaf_per_coin,
                "effectiveFrom": effective_from,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        xaf_per_coin = d.pop("xafPerCoin")

        effective_from = datetime.datetime.fromisoformat(d.pop("effectiveFrom"))

        def _parse_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                id_type_0 = UUID(data)

                return id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        id = _parse_id(d.pop("id"))

        list_cashout_rates_response_200_in_force_type_0 = cls(
            xaf_per_coin=xaf_per_coin,
            effective_from=effective_from,
            id=id,
        )

        return list_cashout_rates_response_200_in_force_type_0
