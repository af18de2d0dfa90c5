from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_sandbox_test_users_response_200_pagination import (
        ListSandboxTestUsersResponse200Pagination,
    )
    from ..models.list_sandbox_test_users_response_200_test_users_item import (
        ListSandboxTestUsersResponse200TestUsersItem,
    )


T = TypeVar("T", bound="ListSandboxTestUsersResponse200")


@_attrs_define
class ListSandboxTestUsersResponse200:
    """
    Attributes:
        test_users (list[ListSandboxTestUsersResponse200TestUsersItem]):
        pagination (ListSandboxTestUsersResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    test_users: list[ListSandboxTestUsersResponse200TestUsersItem]
    pagination: ListSandboxTestUsersResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        test_users = []
        for test_users_item_data in self.test_users:
            test_users_item = test_users_item_data.to_dict()
            test_users.append(test_users_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "testUsers": test_users,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_sandbox_test_users_response_200_pagination import (
            ListSandboxTestUsersResponse200Pagination,
        )
        from ..models.list_sandbox_test_users_response_200_test_users_item import (
            ListSandboxTestUsersResponse200TestUsersItem,
        )

        d = dict(src_dict)
        test_users = []
        _test_users = d.pop("testUsers")
        for test_users_item_data in _test_users:
            test_users_item = ListSandboxTestUsersResponse200TestUsersItem.from_dict(
                test_users_item_data
            )

            test_users.append(test_users_item)

        pagination = ListSandboxTestUsersResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_sandbox_test_users_response_200 = cls(
            test_users=test_users,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_sandbox_test_users_response_200
