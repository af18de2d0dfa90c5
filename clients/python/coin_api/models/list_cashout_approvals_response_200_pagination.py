from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListCashoutApprovalsResponse200Pagination")


@_attrs_define
class ListCashoutApprovalsResponse200Pagination:
    """
    Attributes:
        limit (int):
        offset (int):
        total (int):
    """

    limit: int
    offset: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        offset = self.offset

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "limit": limit,
                "offset": offset,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        limit = d.pop("limit")

        offset = d.pop("offset")

        total = d.pop("total")

        list_cashout_approvals_response_200_pagination = cls(
            limit=limit,
            offset=offset,
            total=total,
        )

        return list_cashout_approvals_response_200_pagination
