from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_unfreeze_response_200_freeze_type_0_frozen_by_kind import (
    ApproveUnfreezeResponse200FreezeType0FrozenByKind,
    check_approve_unfreeze_response_200_freeze_type_0_frozen_by_kind,
)

T = TypeVar("T", bound="ApproveUnfreezeResponse200FreezeType0FrozenBy")


@_attrs_define
class ApproveUnfreezeResponse200FreezeType0FrozenBy:
    """
    Attributes:
        kind (ApproveUnfreezeResponse200FreezeType0FrozenByKind):
        id (str): One line of text: no control characters, no lone surrogates
    """

    kind: ApproveUnfreezeResponse200FreezeType0FrozenByKind
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
        kind = check_approve_unfreeze_response_200_freeze_type_0_frozen_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        approve_unfreeze_response_200_freeze_type_0_frozen_by = cls(
            kind=kind,
            id=id,
        )

        return approve_unfreeze_response_200_freeze_type_0_frozen_by
