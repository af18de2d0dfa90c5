from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.api_key_scopes_item import ApiKeyScopesItem, check_api_key_scopes_item

T = TypeVar("T", bound="ApiKey")


@_attrs_define
class ApiKey:
    """
    Attributes:
        id (UUID):
        name (str):
        scopes (list[ApiKeyScopesItem]):
        owner_user_id (int | None): The admin the key was issued to, the only one it works for (null: a key of no one,
            which works for no one)
        created_at (datetime.datetime):
        revoked_at (datetime.datetime | None):
    """

    id: UUID
    name: str
    scopes: list[ApiKeyScopesItem]
    owner_user_id: int | None
    created_at: datetime.datetime
    revoked_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        owner_user_id: int | None
        owner_user_id = self.owner_user_id

        created_at = self.created_at.isoformat()

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "scopes": scopes,
                "ownerUserId": owner_user_id,
                "createdAt": created_at,
                "revokedAt": revoked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_api_key_scopes_item(scopes_item_data)

            scopes.append(scopes_item)

        def _parse_owner_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        owner_user_id = _parse_owner_user_id(d.pop("ownerUserId"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revokedAt"))

        api_key = cls(
            id=id,
            name=name,
            scopes=scopes,
            owner_user_id=owner_user_id,
            created_at=created_at,
            revoked_at=revoked_at,
        )

        return api_key
