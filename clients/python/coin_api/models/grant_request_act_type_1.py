from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.grant_request_act_type_1_scopes_item import (
    GrantRequestActType1ScopesItem,
    check_grant_request_act_type_1_scopes_item,
)
from ..models.grant_request_act_type_1_type import (
    GrantRequestActType1Type,
    check_grant_request_act_type_1_type,
)

T = TypeVar("T", bound="GrantRequestActType1")


@_attrs_define
class GrantRequestActType1:
    """
    Attributes:
        type_ (GrantRequestActType1Type):
        api_key_id (UUID): The id the key has once approved
        name (str):
        scopes (list[GrantRequestActType1ScopesItem]):
        owner_user_id (int): The admin the key is issued to, the only one it will work for
    """

    type_: GrantRequestActType1Type
    api_key_id: UUID
    name: str
    scopes: list[GrantRequestActType1ScopesItem]
    owner_user_id: int

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        api_key_id = str(self.api_key_id)

        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        owner_user_id = self.owner_user_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "apiKeyId": api_key_id,
                "name": name,
                "scopes": scopes,
                "ownerUserId": owner_user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_grant_request_act_type_1_type(d.pop("type"))

        api_key_id = UUID(d.pop("apiKeyId"))

        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_grant_request_act_type_1_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        owner_user_id = d.pop("ownerUserId")

        grant_request_act_type_1 = cls(
            type_=type_,
            api_key_id=api_key_id,
            name=name,
            scopes=scopes,
            owner_user_id=owner_user_id,
        )

        return grant_request_act_type_1
