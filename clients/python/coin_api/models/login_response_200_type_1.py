from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LoginResponse200Type1")


@_attrs_define
class LoginResponse200Type1:
    """
    Attributes:
        mfa_required (bool):
        challenge (str): Send it with a code to POST /api/auth/mfa/verify; it works once
        expires_in (int): Seconds until the challenge expires
    """

    mfa_required: bool
    challenge: str
    expires_in: int

    def to_dict(self) -> dict[str, Any]:
        mfa_required = self.mfa_required

        challenge = self.challenge

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mfaRequired": mfa_required,
                "challenge": challenge,
                "expiresIn": expires_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mfa_required = d.pop("mfaRequired")

        challenge = d.pop("challenge")

        expires_in = d.pop("expiresIn")

        login_response_200_type_1 = cls(
            mfa_required=mfa_required,
            challenge=challenge,
            expires_in=expires_in,
        )

        return login_response_200_type_1
