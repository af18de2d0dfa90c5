from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AdvanceSandboxClockBody")


@_attrs_define
class AdvanceSandboxClockBody:
    """
    Attributes:
        seconds (int):
    """

    seconds: int

    def to_dict(self) -> dict[str, Any]:
        seconds = self.seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seconds": seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seconds = d.pop("seconds")

        advance_sandbox_clock_body = cls(
            seconds=seconds,
        )

        return advance_sandbox_clock_body
