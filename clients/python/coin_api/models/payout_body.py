from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.payout_body_from_type_0 import PayoutBodyFromType0
    from ..models.payout_body_from_type_1 import PayoutBodyFromType1
    from ..models.payout_body_lines_item import PayoutBodyLinesItem
    from ..models.payout_body_metadata import PayoutBodyMetadata


T = TypeVar("T", bound="PayoutBody")


@_attrs_define
class PayoutBody:
    """
    Attributes:
        from_ (PayoutBodyFromType0 | PayoutBodyFromType1):
        reason (str): Text: tab and line breaks allowed; no other control characters, no lone surrogates
        lines (list[PayoutBodyLinesItem]):
        reference (str | Unset): One line of text: no control characters, no lone surrogates
        metadata (PayoutBodyMetadata | Unset): Key-value metadata: at most 20 keys of 1-40 characters [A-Za-z0-9_.-],
            string values of at most 500 characters without control characters
    """

    from_: PayoutBodyFromType0 | PayoutBodyFromType1
    reason: str
    lines: list[PayoutBodyLinesItem]
    reference: str | Unset = UNSET
    metadata: PayoutBodyMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_body_from_type_0 import PayoutBodyFromType0

        from_: dict[str, Any]
        if isinstance(self.from_, PayoutBodyFromType0):
            from_ = self.from_.to_dict()
        else:
            from_ = self.from_.to_dict()

        reason = self.reason

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        reference = self.reference

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "reason": reason,
                "lines": lines,
            }
        )
        if reference is not UNSET:
            field_dict["reference"] = reference
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.payout_body_from_type_0 import PayoutBodyFromType0
        from ..models.payout_body_from_type_1 import PayoutBodyFromType1
        from ..models.payout_body_lines_item import PayoutBodyLinesItem
        from ..models.payout_body_metadata import PayoutBodyMetadata

        d = dict(src_dict)

        def _parse_from_(data: object) -> PayoutBodyFromType0 | PayoutBodyFromType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                from_type_0 = PayoutBodyFromType0.from_dict(data)

                return from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            from_type_1 = PayoutBodyFromType1.from_dict(data)

            return from_type_1

        from_ = _parse_from_(d.pop("from"))

        reason = d.pop("reason")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = PayoutBodyLinesItem.from_dict(lines_item_data)

            lines.append(lines_item)

        reference = d.pop("reference", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: PayoutBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = PayoutBodyMetadata.from_dict(_metadata)

        payout_body = cls(
            from_=from_,
            reason=reason,
            lines=lines,
            reference=reference,
            metadata=metadata,
        )

        return payout_body
