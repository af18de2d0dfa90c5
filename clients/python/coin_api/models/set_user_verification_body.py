from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetUserVerificationBody")


@_attrs_define
class SetUserVerificationBody:
    """
    Attributes:
        verified (bool): true: the account is verified (the verified cash-out amount applies); false: it is not
        reason (str): Why, for the admin audit log (the identity check made, a ticket)
    """

    verified: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        verified = self.verified

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verified": verified,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        verified = d.pop("verified")

        reason = d.pop("reason")

        set_user_verification_body = cls(
            verified=verified,
            reason=reason,
        )

        return set_user_verification_body
