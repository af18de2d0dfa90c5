from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.user_session_status import UserSessionStatus, check_user_session_status

T = TypeVar("T", bound="UserSession")


@_attrs_define
class UserSession:
    """
    Attributes:
        id (UUID): The session (refresh-token family) id
        created_at (datetime.datetime): The login that started it
        last_used_at (datetime.datetime): When it last got a token (the login or its latest refresh)
        expires_at (datetime.datetime): When its current refresh token expires
        revoked_at (datetime.datetime | None): When it was ended (logout, log out everywhere, reuse, role change or
            deletion)
        status (UserSessionStatus):
    """

    id: UUID
    created_at: datetime.datetime
    last_used_at: datetime.datetime
    expires_at: datetime.datetime
    revoked_at: datetime.datetime | None
    status: UserSessionStatus

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        created_at = self.created_at.isoformat()

        last_used_at = self.last_used_at.isoformat()

        expires_at = self.expires_at.isoformat()

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "createdAt": created_at,
                "lastUsedAt": last_used_at,
                "expiresAt": expires_at,
                "revokedAt": revoked_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        last_used_at = datetime.datetime.fromisoformat(d.pop("lastUsedAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

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

        status = check_user_session_status(d.pop("status"))

        user_session = cls(
            id=id,
            created_at=created_at,
            last_used_at=last_used_at,
            expires_at=expires_at,
            revoked_at=revoked_at,
            status=status,
        )

        return user_session
