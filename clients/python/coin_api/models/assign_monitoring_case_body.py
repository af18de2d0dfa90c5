from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AssignMonitoringCaseBody")


@_attrs_define
class AssignMonitoringCaseBody:
    """
    Attributes:
        assignee (int | None): The ADMIN+ to assign it to; null unassigns
    """

    assignee: int | None

    def to_dict(self) -> dict[str, Any]:
        assignee: int | None
        assignee = self.assignee

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "assignee": assignee,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_assignee(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        assignee = _parse_assignee(d.pop("assignee"))

        assign_monitoring_case_body = cls(
            assignee=assignee,
        )

        return assign_monitoring_case_body
