from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="VerifySecondFactorBody")


@_attrs_define
class VerifySecondFactorBody:
    """
    Attributes:
        challenge (str):
        code (str):
    """

    challenge: str
    code: str

    def to_dict(self) -> dict[str, Any]:
        challenge = self.challenge

        code: str
        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "challenge": challenge,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        challenge = d.pop("challenge")

        def _parse_code(data: object) -> str:
            return cast(str, data)

        code = _parse_code(d.pop("code"))

        verify_second_factor_body = cls(
            challenge=challenge,
            code=code,
        )

        return verify_second_factor_body
