from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.void_holds_body_holds_item import VoidHoldsBodyHoldsItem


T = TypeVar("T", bound="VoidHoldsBody")


@_attrs_define
class VoidHoldsBody:
    """
    Attributes:
        holds (list[VoidHoldsBodyHoldsItem]): The holds, 1 to 500 (more: 422 HOLDS_BULK_LIMIT), each id once (twice:
            400, nothing sent)
    """

    holds: list[VoidHoldsBodyHoldsItem]

    def to_dict(self) -> dict[str, Any]:
        holds = []
        for holds_item_data in self.holds:
            holds_item = holds_item_data.to_dict()
            holds.append(holds_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "holds": holds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.void_holds_body_holds_item import VoidHoldsBodyHoldsItem

        d = dict(src_dict)
        holds = []
        _holds = d.pop("holds")
        for holds_item_data in _holds:
            holds_item = VoidHoldsBodyHoldsItem.from_dict(holds_item_data)

            holds.append(holds_item)

        void_holds_body = cls(
            holds=holds,
        )

        return void_holds_body
