from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approval import Approval
    from ..models.list_approvals_response_200_pagination import (
        ListApprovalsResponse200Pagination,
    )


T = TypeVar("T", bound="ListApprovalsResponse200")


@_attrs_define
class ListApprovalsResponse200:
    """
    Attributes:
        approvals (list[Approval]):
        pagination (ListApprovalsResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    approvals: list[Approval]
    pagination: ListApprovalsResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        approvals = []
        for approvals_item_data in self.approvals:
            approvals_item = approvals_item_data.to_dict()
            approvals.append(approvals_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "approvals": approvals,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approval import Approval
        from ..models.list_approvals_response_200_pagination import (
            ListApprovalsResponse200Pagination,
        )

        d = dict(src_dict)
        approvals = []
        _approvals = d.pop("approvals")
        for approvals_item_data in _approvals:
            approvals_item = Approval.from_dict(approvals_item_data)

            approvals.append(approvals_item)

        pagination = ListApprovalsResponse200Pagination.from_dict(d.pop("pagination"))

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_approvals_response_200 = cls(
            approvals=approvals,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_approvals_response_200
