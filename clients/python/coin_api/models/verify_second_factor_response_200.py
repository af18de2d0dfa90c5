from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user import User
    from ..models.verify_second_factor_response_200_notices_item import (
        VerifySecondFactorResponse200NoticesItem,
    )


T = TypeVar("T", bound="VerifySecondFactorResponse200")


@_attrs_define
class VerifySecondFactorResponse200:
    """
    Attributes:
        user (User):
        access_token (str):
        refresh_token (str):
        expires_in (int): Seconds until the access token expires
        notices (list[VerifySecondFactorResponse200NoticesItem]): Notices for the owner since their last login, each
            shown once (usually empty)
    """

    user: User
    access_token: str
    refresh_token: str
    expires_in: int
    notices: list[VerifySecondFactorResponse200NoticesItem]

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
        from ..models.user import User
        from ..models.verify_second_factor_response_200_notices_item import (
            VerifySecondFactorResponse200NoticesItem,
        )

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        access_token = d.pop("accessToken")

        refresh_token = d.pop("refreshToken")

        expires_in = d.pop("expiresIn")

        notices = []
        _notices = d.pop("notices")
        for notices_item_data in _notices:
            notices_item = VerifySecondFactorResponse200NoticesItem.from_dict(
                notices_item_data
            )

            notices.append(notices_item)

        verify_second_factor_response_200 = cls(
            user=user,
            access_token=access_token,
            refresh_token=refresh_token,
            expires_in=expires_in,
            notices=notices,
        )

        return verify_second_factor_response_200
