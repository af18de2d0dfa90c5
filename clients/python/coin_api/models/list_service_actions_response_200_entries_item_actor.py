from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_service_actions_response_200_entries_item_actor_kind import (
    ListServiceActionsResponse200EntriesItemActorKind,
    check_list_service_actions_response_200_entries_item_actor_kind,
)
from ..models.list_service_actions_response_200_entries_item_actor_role import (
    ListServiceActionsResponse200EntriesItemActorRole,
    check_list_service_actions_response_200_entries_item_actor_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ListServiceActionsResponse200EntriesItemActor")


@_attrs_define
class ListServiceActionsResponse200EntriesItemActor:
    """
    Attributes:
        kind (ListServiceActionsResponse200EntriesItemActorKind):
        id (str):
        role (ListServiceActionsResponse200EntriesItemActorRole | Unset):
    """

    kind: ListServiceActionsResponse200EntriesItemActorKind
    id: str
    role: ListServiceActionsResponse200EntriesItemActorRole | Unset = UNSET

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
        kind = check_list_service_actions_response_200_entries_item_actor_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: ListServiceActionsResponse200EntriesItemActorRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_list_service_actions_response_200_entries_item_actor_role(
                _role
            )

        list_service_actions_response_200_entries_item_actor = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return list_service_actions_response_200_entries_item_actor
