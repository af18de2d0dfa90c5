from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateReferralResponse201")


@_attrs_define
class CreateReferralResponse201:
    """
    Attributes:
        referral (str): The referral a platform client was given for this buyer and treasury (POST
            /api/platform/referrals)
        expires_at (datetime.datetime):
    """

    referral: str
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        referral = self.referral

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "referral": referral,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        referral = d.pop("referral")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        create_referral_response_201 = cls(
            referral=referral,
            expires_at=expires_at,
        )

        return create_referral_response_201
