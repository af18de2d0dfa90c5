from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_api_key_body_scopes_item import (
    CreateApiKeyBodyScopesItem,
    check_create_api_key_body_scopes_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateApiKeyBody")


@_attrs_define
class CreateApiKeyBody:
    """
    Attributes:
        name (str): One line of text: no control characters, no lone surrogates; surrounding spaces are dropped
        scopes (list[CreateApiKeyBodyScopesItem]):
        owner_user_id (int | Unset): The ADMIN or SUPERADMIN the key is issued to: it works with their token only
            (default: the caller)
    """

    name: str
    scopes: list[CreateApiKeyBodyScopesItem]
    owner_user_id: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        owner_user_id = self.owner_user_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "scopes": scopes,
            }
        )
        if owner_user_id is not UNSET:
            field_dict["ownerUserId"] = owner_user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_create_api_key_body_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        owner_user_id = d.pop("ownerUserId", UNSET)

        create_api_key_body = cls(
            name=name,
            scopes=scopes,
            owner_user_id=owner_user_id,
        )

        return create_api_key_body
