from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.verify_second_factor_response_200_notices_item_kind import (
    VerifySecondFactorResponse200NoticesItemKind,
    check_verify_second_factor_response_200_notices_item_kind,
)

T = TypeVar("T", bound="VerifySecondFactorResponse200NoticesItem")


@_attrs_define
class VerifySecondFactorResponse200NoticesItem:
    """
    Attributes:
        kind (VerifySecondFactorResponse200NoticesItemKind): REGISTRATION_ATTEMPT: someone tried to register a new
            account with this e-mail address
        attempts (int): How many times since the last notice
        first_at (datetime.datetime):
        last_at (datetime.datetime):
        detail (str):
    """

    kind: VerifySecondFactorResponse200NoticesItemKind
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
        kind = check_verify_second_factor_response_200_notices_item_kind(d.pop("kind"))

        attempts = d.pop("attempts")

        first_at = datetime.datetime.fromisoformat(d.pop("firstAt"))

        last_at = datetime.datetime.fromisoformat(d.pop("lastAt"))

        detail = d.pop("detail")

        verify_second_factor_response_200_notices_item = cls(
            kind=kind,
            attempts=attempts,
            first_at=first_at,
            last_at=last_at,
            detail=detail,
        )

        return verify_second_factor_response_200_notices_item
