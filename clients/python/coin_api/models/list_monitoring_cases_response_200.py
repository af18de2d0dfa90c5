from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_monitoring_cases_response_200_cases_item import (
        ListMonitoringCasesResponse200CasesItem,
    )


T = TypeVar("T", bound="ListMonitoringCasesResponse200")


@_attrs_define
class ListMonitoringCasesResponse200:
    """
    Attributes:
        cases (list[ListMonitoringCasesResponse200CasesItem]):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    cases: list[ListMonitoringCasesResponse200CasesItem]
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        cases = []
        for cases_item_data in self.cases:
            cases_item = cases_item_data.to_dict()
            cases.append(cases_item)

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cases": cases,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_monitoring_cases_response_200_cases_item import (
            ListMonitoringCasesResponse200CasesItem,
        )

        d = dict(src_dict)
        cases = []
        _cases = d.pop("cases")
        for cases_item_data in _cases:
            cases_item = ListMonitoringCasesResponse200CasesItem.from_dict(
                cases_item_data
            )

            cases.append(cases_item)

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_monitoring_cases_response_200 = cls(
            cases=cases,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_monitoring_cases_response_200
