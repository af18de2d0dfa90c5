from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.login_response_200_type_0_notices_item_kind import (
    LoginResponse200Type0NoticesItemKind,
    check_login_response_200_type_0_notices_item_kind,
)

T = TypeVar("T", bound="LoginResponse200Type0NoticesItem")


@_attrs_define
class LoginResponse200Type0NoticesItem:
    """
    Attributes:
        kind (LoginResponse200Type0NoticesItemKind): REGISTRATION_ATTEMPT: someone tried to register a new account with
            this e-mail address
        attempts (int): How many times since the last notice
        first_at (datetime.datetime):
        last_at (datetime.datetime):
        detail (str):
    """

    kind: LoginResponse200Type0NoticesItemKind
    attempts: int
    first_at: datetime.datetime
    last_at: datetime.datetime
    detail: str

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        attempts = self.attempts

        first_at = self.first_at.isoformat()

        last_at = self.last_at.isoformat()

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "attempts": attempts,
                "firstAt": first_at,
                "lastAt": last_at,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_login_response_200_type_0_notices_item_kind(d.pop("kind"))

        attempts = d.pop("attempts")

        first_at = datetime.datetime.fromisoformat(d.pop("firstAt"))

        last_at = datetime.datetime.fromisoformat(d.pop("lastAt"))

        detail = d.pop("detail")

        login_response_200_type_0_notices_item = cls(
            kind=kind,
            attempts=attempts,
            first_at=first_at,
            last_at=last_at,
            detail=detail,
        )

        return login_response_200_type_0_notices_item
