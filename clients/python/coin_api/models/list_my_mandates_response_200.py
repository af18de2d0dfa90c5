from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_my_mandates_response_200_mandates_item import (
        ListMyMandatesResponse200MandatesItem,
    )
    from ..models.list_my_mandates_response_200_pagination import (
        ListMyMandatesResponse200Pagination,
    )


T = TypeVar("T", bound="ListMyMandatesResponse200")


@_attrs_define
class ListMyMandatesResponse200:
    """
    Attributes:
        mandates (list[ListMyMandatesResponse200MandatesItem]):
        pagination (ListMyMandatesResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    mandates: list[ListMyMandatesResponse200MandatesItem]
    pagination: ListMyMandatesResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        mandates = []
        for mandates_item_data in self.mandates:
            mandates_item = mandates_item_data.to_dict()
            mandates.append(mandates_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mandates": mandates,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_my_mandates_response_200_mandates_item import (
            ListMyMandatesResponse200MandatesItem,
        )
        from ..models.list_my_mandates_response_200_pagination import (
            ListMyMandatesResponse200Pagination,
        )

        d = dict(src_dict)
        mandates = []
        _mandates = d.pop("mandates")
        for mandates_item_data in _mandates:
            mandates_item = ListMyMandatesResponse200MandatesItem.from_dict(
                mandates_item_data
            )

            mandates.append(mandates_item)

        pagination = ListMyMandatesResponse200Pagination.from_dict(d.pop("pagination"))

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_my_mandates_response_200 = cls(
            mandates=mandates,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_my_mandates_response_200
