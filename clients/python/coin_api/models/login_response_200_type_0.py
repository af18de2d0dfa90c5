from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.login_response_200_type_0_notices_item import (
        LoginResponse200Type0NoticesItem,
    )
    from ..models.user import User


T = TypeVar("T", bound="LoginResponse200Type0")


@_attrs_define
class LoginResponse200Type0:
    """
    Attributes:
        user (User):
        access_token (str):
        refresh_token (str):
        expires_in (int): Seconds until the access token expires
        notices (list[LoginResponse200Type0NoticesItem]): Notices for the owner since their last login, each shown once
            (usually empty)
    """

    user: User
    access_token: str
    refresh_token: str
    expires_in: int
    notices: list[LoginResponse200Type0NoticesItem]

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        access_token = self.access_token

        refresh_token = self.refresh_token

        expires_in = self.expires_in

        notices = []
        for notices_item_data in self.notices:
            notices_item = notices_item_data.to_dict()
            notices.append(notices_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "accessToken": access_token,
                "refreshToken": refresh_token,
                "expiresIn": expires_in,
                "notices": notices,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.login_response_200_type_0_notices_item import (
            LoginResponse200Type0NoticesItem,
        )
        from ..models.user import User

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        access_token = d.pop("accessToken")

        refresh_token = d.pop("refreshToken")

        expires_in = d.pop("expiresIn")

        notices = []
        _notices = d.pop("notices")
        for notices_item_data in _notices:
            notices_item = LoginResponse200Type0NoticesItem.from_dict(notices_item_data)

            notices.append(notices_item)

        login_response_200_type_0 = cls(
            user=user,
            access_token=access_token,
            refresh_token=refresh_token,
            expires_in=expires_in,
            notices=notices,
        )

        return login_response_200_type_0
