from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CommentMonitoringCaseBody")


@_attrs_define
class CommentMonitoringCaseBody:
    """
    Attributes:
        body (str): One line of text: no control characters, no lone surrogates; surrounding spaces are dropped
    """

    body: str

    def to_dict(self) -> dict[str, Any]:
        body = self.body

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "body": body,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        body = d.pop("body")

        comment_monitoring_case_body = cls(
            body=body,
        )

        return comment_monitoring_case_body
