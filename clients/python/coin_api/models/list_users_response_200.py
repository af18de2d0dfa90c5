from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_users_response_200_pagination import (
        ListUsersResponse200Pagination,
    )
    from ..models.user import User


T = TypeVar("T", bound="ListUsersResponse200")


@_attrs_define
class ListUsersResponse200:
    """
    Attributes:
        users (list[User]):
        pagination (ListUsersResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    users: list[User]
    pagination: ListUsersResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        users = []
        for users_item_data in self.users:
            users_item = users_item_data.to_dict()
            users.append(users_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "users": users,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_users_response_200_pagination import (
            ListUsersResponse200Pagination,
        )
        from ..models.user import User

        d = dict(src_dict)
        users = []
        _users = d.pop("users")
        for users_item_data in _users:
            users_item = User.from_dict(users_item_data)

            users.append(users_item)

        pagination = ListUsersResponse200Pagination.from_dict(d.pop("pagination"))

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_users_response_200 = cls(
            users=users,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_users_response_200
