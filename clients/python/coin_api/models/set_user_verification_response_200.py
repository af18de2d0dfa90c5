from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user import User


T = TypeVar("T", bound="SetUserVerificationResponse200")


@_attrs_define
class SetUserVerificationResponse200:
    """
    Attributes:
        user (User):
    """

    user: User

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user import User

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        set_user_verification_response_200 = cls(
            user=user,
        )

        return set_user_verification_response_200
