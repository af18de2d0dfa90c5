from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CancelMandateBody")


@_attrs_define
class CancelMandateBody:
    """
    Attributes:
        reason (str): Why the mandate is cancelled for its payer (the admin audit log's record keeps it)
    """

    reason: str

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        reason = d.pop("reason")

        cancel_mandate_body = cls(
            reason=reason,
        )

        return cancel_mandate_body
