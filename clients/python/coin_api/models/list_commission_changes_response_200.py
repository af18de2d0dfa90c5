from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_commission_changes_response_200_commission_changes_item import (
        ListCommissionChangesResponse200CommissionChangesItem,
    )
    from ..models.list_commission_changes_response_200_pagination import (
        ListCommissionChangesResponse200Pagination,
    )


T = TypeVar("T", bound="ListCommissionChangesResponse200")


@_attrs_define
class ListCommissionChangesResponse200:
    """
    Attributes:
        commission_changes (list[ListCommissionChangesResponse200CommissionChangesItem]):
        pagination (ListCommissionChangesResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    commission_changes: list[ListCommissionChangesResponse200CommissionChangesItem]
    pagination: ListCommissionChangesResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        commission_changes = []
        for commission_changes_item_data in self.commission_changes:
            commission_changes_item = commission_changes_item_data.to_dict()
            commission_changes.append(commission_changes_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "commissionChanges": commission_changes,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_commission_changes_response_200_commission_changes_item import (
            ListCommissionChangesResponse200CommissionChangesItem,
        )
        from ..models.list_commission_changes_response_200_pagination import (
            ListCommissionChangesResponse200Pagination,
        )

        d = dict(src_dict)
        commission_changes = []
        _commission_changes = d.pop("commissionChanges")
        for commission_changes_item_data in _commission_changes:
            commission_changes_item = (
                ListCommissionChangesResponse200CommissionChangesItem.from_dict(
                    commission_changes_item_data
                )
            )

            commission_changes.append(commission_changes_item)

        pagination = ListCommissionChangesResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_commission_changes_response_200 = cls(
            commission_changes=commission_changes,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_commission_changes_response_200
