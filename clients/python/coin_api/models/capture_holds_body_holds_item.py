from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.capture_holds_body_holds_item_metadata import (
        CaptureHoldsBodyHoldsItemMetadata,
    )


T = TypeVar("T", bound="CaptureHoldsBodyHoldsItem")


@_attrs_define
class CaptureHoldsBodyHoldsItem:
    """
    Attributes:
        id (UUID): The hold's id: a UUIDv8 whose last 14 hexadecimal digits are its payer's user id (xxxxxxxx-
            xxxx-8xxx-8Rpp-pppppppppppp), or a UUIDv5 issued before
        amount (float | Unset): Coins to take, at most the held amount; the rest is released. Default: all of it
        metadata (CaptureHoldsBodyHoldsItemMetadata | Unset): Key-value metadata: at most 20 keys of 1-40 characters
            [A-Za-z0-9_.-], string values of at most 500 characters without control characters
    """

    id: UUID
    amount: float | Unset = UNSET
    metadata: CaptureHoldsBodyHoldsItemMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        amount = self.amount

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capture_holds_body_holds_item_metadata import (
            CaptureHoldsBodyHoldsItemMetadata,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        amount = d.pop("amount", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: CaptureHoldsBodyHoldsItemMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CaptureHoldsBodyHoldsItemMetadata.from_dict(_metadata)

        capture_holds_body_holds_item = cls(
            id=id,
            amount=amount,
            metadata=metadata,
        )

        return capture_holds_body_holds_item
