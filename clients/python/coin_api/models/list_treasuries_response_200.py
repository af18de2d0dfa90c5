from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.treasury import Treasury


T = TypeVar("T", bound="ListTreasuriesResponse200")


@_attrs_define
class ListTreasuriesResponse200:
    """
    Attributes:
        treasuries (list[Treasury]):
    """

    treasuries: list[Treasury]

    def to_dict(self) -> dict[str, Any]:
        treasuries = []
        for treasuries_item_data in self.treasuries:
            treasuries_item = treasuries_item_data.to_dict()
            treasuries.append(treasuries_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasuries": treasuries,
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

        list_treasuries_response_200 = cls(
            treasuries=treasuries,
        )

        return list_treasuries_response_200
