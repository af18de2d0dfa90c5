from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user_session import UserSession


T = TypeVar("T", bound="ListUserSessionsResponse200")


@_attrs_define
class ListUserSessionsResponse200:
    """
    Attributes:
        sessions (list[UserSession]): Most recently used first, at most 100
    """

    sessions: list[UserSession]

    def to_dict(self) -> dict[str, Any]:
        sessions = []
        for sessions_item_data in self.sessions:
            sessions_item = sessions_item_data.to_dict()
            sessions.append(sessions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sessions": sessions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user_session import UserSession

        d = dict(src_dict)
        sessions = []
        _sessions = d.pop("sessions")
        for sessions_item_data in _sessions:
            sessions_item = UserSession.from_dict(sessions_item_data)

            sessions.append(sessions_item)

        list_user_sessions_response_200 = cls(
            sessions=sessions,
        )

        return list_user_sessions_response_200
