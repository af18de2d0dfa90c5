from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.treasury import Treasury


T = TypeVar("T", bound="ListClientTreasuriesResponse200")


@_attrs_define
class ListClientTreasuriesResponse200:
    """
    Attributes:
        treasuries (list[Treasury]): The treasuries this client was granted, in the order GET /api/admin/treasuries
            lists them
        as_of (datetime.datetime): When the ledger read these balances and totals
    """

    treasuries: list[Treasury]
    as_of: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        treasuries = []
        for treasuries_item_data in self.treasuries:
            treasuries_item = treasuries_item_data.to_dict()
            treasuries.append(treasuries_item)

        as_of = self.as_of.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasuries": treasuries,
                "asOf": as_of,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.treasury import Treasury

        d = dict(src_dict)
        treasuries = []
        _treasuries = d.pop("treasuries")
        for treasuries_item_data in _treasuries:
            treasuries_item = Treasury.from_dict(treasuries_item_data)

            treasuries.append(treasuries_item)

        as_of = datetime.datetime.fromisoformat(d.pop("asOf"))

        list_client_treasuries_response_200 = cls(
            treasuries=treasuries,
            as_of=as_of,
        )

        return list_client_treasuries_response_200
