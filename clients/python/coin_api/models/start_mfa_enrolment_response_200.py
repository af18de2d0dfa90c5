from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StartMfaEnrolmentResponse200")


@_attrs_define
class StartMfaEnrolmentResponse200:
    """
    Attributes:
        otpauth_uri (str): otpauth://totp/… for an authenticator app (QR code); shown this once
        secret (str): The same secret in base32, for typing it in; shown this once
    """

    otpauth_uri: str
    secret: str

    def to_dict(self) -> dict[str, Any]:
        otpauth_uri = self.otpauth_uri

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "otpauthUri": otpauth_uri,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        otpauth_uri = d.pop("otpauthUri")

        secret = d.pop("secret")

        start_mfa_enrolment_response_200 = cls(
            otpauth_uri=otpauth_uri,
            secret=secret,
        )

        return start_mfa_enrolment_response_200
