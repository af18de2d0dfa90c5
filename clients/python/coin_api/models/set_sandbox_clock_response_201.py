from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetSandboxClockResponse201")


@_attrs_define
class SetSandboxClockResponse201:
    """
    Attributes:
        client_id (str):
        offset_seconds (int):
        now (datetime.datetime):
    """

    client_id: str
    offset_seconds: int
    now: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        offset_seconds = self.offset_seconds

        now = self.now.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "offsetSeconds": offset_seconds,
                "now": now,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        offset_seconds = d.pop("offsetSeconds")

        now = datetime.datetime.fromisoformat(d.pop("now"))

        set_sandbox_clock_response_201 = cls(
            client_id=client_id,
            offset_seconds=offset_seconds,
            now=now,
        )

        return set_sandbox_clock_response_201
