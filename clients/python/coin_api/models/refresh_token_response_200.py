from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user import User


T = TypeVar("T", bound="RefreshTokenResponse200")


@_attrs_define
class RefreshTokenResponse200:
    """
    Attributes:
        user (User):
        access_token (str):
        refresh_token (str):
        expires_in (int): Seconds until the access token expires
    """

    user: User
    access_token: str
    refresh_token: str
    expires_in: int

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        access_token = self.access_token

        refresh_token = self.refresh_token

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "accessToken": access_token,
                "refreshToken": refresh_token,
                "expiresIn": expires_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user import User

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        access_token = d.pop("accessToken")

        refresh_token = d.pop("refreshToken")

        expires_in = d.pop("expiresIn")

        refresh_token_response_200 = cls(
            user=user,
            access_token=access_token,
            refresh_token=refresh_token,
            expires_in=expires_in,
        )

        return refresh_token_response_200
