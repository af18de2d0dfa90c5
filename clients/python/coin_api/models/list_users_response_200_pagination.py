from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListUsersResponse200Pagination")


@_attrs_define
class ListUsersResponse200Pagination:
    """
    Attributes:
        page (int):
        page_size (int):
        total (int):
    """

    page: int
    page_size: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        page = self.page

        page_size = self.page_size

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "page": page,
                "pageSize": page_size,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        page = d.pop("page")

        page_size = d.pop("pageSize")

        total = d.pop("total")

        list_users_response_200_pagination = cls(
            page=page,
            page_size=page_size,
            total=total,
        )

        return list_users_response_200_pagination
