from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user import User


T = TypeVar("T", bound="ConfirmMfaEnrolmentResponse200")


@_attrs_define
class ConfirmMfaEnrolmentResponse200:
    """
    Attributes:
        user (User):
        access_token (str):
        refresh_token (str):
        expires_in (int): Seconds until the access token expires
        recovery_codes (list[str]): One-time codes for signing in without the app; shown this once, only hashes are
            stored
    """

    user: User
    access_token: str
    refresh_token: str
    expires_in: int
    recovery_codes: list[str]

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        access_token = self.access_token

        refresh_token = self.refresh_token

        expires_in = self.expires_in

        recovery_codes = self.recovery_codes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "accessToken": access_token,
                "refreshToken": refresh_token,
                "expiresIn": expires_in,
                "recoveryCodes": recovery_codes,
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

        recovery_codes = cast(list[str], d.pop("recoveryCodes"))

        confirm_mfa_enrolment_response_200 = cls(
            user=user,
            access_token=access_token,
            refresh_token=refresh_token,
            expires_in=expires_in,
            recovery_codes=recovery_codes,
        )

        return confirm_mfa_enrolment_response_200
