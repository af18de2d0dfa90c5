from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetMonitoringCaseResponse200NotesItem")


@_attrs_define
class GetMonitoringCaseResponse200NotesItem:
    """
    Attributes:
        id (int):
        author (int):
        body (str):
        created_at (datetime.datetime):
    """

    id: int
    author: int
    body: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        author = self.author

        body = self.body

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "author": author,
                "body": body,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        author = d.pop("author")

        body = d.pop("body")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        get_monitoring_case_response_200_notes_item = cls(
            id=id,
            author=author,
            body=body,
            created_at=created_at,
        )

        return get_monitoring_case_response_200_notes_item
