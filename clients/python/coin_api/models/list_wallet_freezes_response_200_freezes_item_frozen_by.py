from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_wallet_freezes_response_200_freezes_item_frozen_by_kind import (
    ListWalletFreezesResponse200FreezesItemFrozenByKind,
    check_list_wallet_freezes_response_200_freezes_item_frozen_by_kind,
)

T = TypeVar("T", bound="ListWalletFreezesResponse200FreezesItemFrozenBy")


@_attrs_define
class ListWalletFreezesResponse200FreezesItemFrozenBy:
    """
    Attributes:
        kind (ListWalletFreezesResponse200FreezesItemFrozenByKind):
        id (str): One line of text: no control characters, no lone surrogates
    """

    kind: ListWalletFreezesResponse200FreezesItemFrozenByKind
    id: str

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_list_wallet_freezes_response_200_freezes_item_frozen_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        list_wallet_freezes_response_200_freezes_item_frozen_by = cls(
            kind=kind,
            id=id,
        )

        return list_wallet_freezes_response_200_freezes_item_frozen_by
