from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="VoidHoldsBodyHoldsItem")


@_attrs_define
class VoidHoldsBodyHoldsItem:
    """
    Attributes:
        id (UUID): The hold's id: a UUIDv8 whose last 14 hexadecimal digits are its payer's user id (xxxxxxxx-
            xxxx-8xxx-8Rpp-pppppppppppp), or a UUIDv5 issued before
    """

    id: UUID

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        void_holds_body_holds_item = cls(
            id=id,
        )

        return void_holds_body_holds_item
