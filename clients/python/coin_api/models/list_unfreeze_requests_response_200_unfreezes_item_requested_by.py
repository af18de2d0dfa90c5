from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_unfreeze_requests_response_200_unfreezes_item_requested_by_kind import (
    ListUnfreezeRequestsResponse200UnfreezesItemRequestedByKind,
    check_list_unfreeze_requests_response_200_unfreezes_item_requested_by_kind,
)
from ..models.list_unfreeze_requests_response_200_unfreezes_item_requested_by_role import (
    ListUnfreezeRequestsResponse200UnfreezesItemRequestedByRole,
    check_list_unfreeze_requests_response_200_unfreezes_item_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ListUnfreezeRequestsResponse200UnfreezesItemRequestedBy")


@_attrs_define
class ListUnfreezeRequestsResponse200UnfreezesItemRequestedBy:
    """
    Attributes:
        kind (ListUnfreezeRequestsResponse200UnfreezesItemRequestedByKind):
        id (str):
        role (ListUnfreezeRequestsResponse200UnfreezesItemRequestedByRole | Unset):
    """

    kind: ListUnfreezeRequestsResponse200UnfreezesItemRequestedByKind
    id: str
    role: ListUnfreezeRequestsResponse200UnfreezesItemRequestedByRole | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        id = self.id

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = (
            check_list_unfreeze_requests_response_200_unfreezes_item_requested_by_kind(
                d.pop("kind")
            )
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: ListUnfreezeRequestsResponse200UnfreezesItemRequestedByRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_list_unfreeze_requests_response_200_unfreezes_item_requested_by_role(
                _role
            )

        list_unfreeze_requests_response_200_unfreezes_item_requested_by = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return list_unfreeze_requests_response_200_unfreezes_item_requested_by
