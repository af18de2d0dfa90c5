from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.capture_hold_body_metadata import CaptureHoldBodyMetadata


T = TypeVar("T", bound="CaptureHoldBody")


@_attrs_define
class CaptureHoldBody:
    """
    Attributes:
        amount (float | Unset): Coins to take, at most the held amount; the rest is released. Default: all of it
        metadata (CaptureHoldBodyMetadata | Unset): Key-value metadata: at most 20 keys of 1-40 characters
            [A-Za-z0-9_.-], string values of at most 500 characters without control characters
    """

    amount: float | Unset = UNSET
    metadata: CaptureHoldBodyMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if amount is not UNSET:
            field_dict["amount"] = amount
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capture_hold_body_metadata import CaptureHoldBodyMetadata

        d = dict(src_dict)
        amount = d.pop("amount", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: CaptureHoldBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CaptureHoldBodyMetadata.from_dict(_metadata)

        capture_hold_body = cls(
            amount=amount,
            metadata=metadata,
        )

        return capture_hold_body
