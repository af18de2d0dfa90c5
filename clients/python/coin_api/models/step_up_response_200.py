from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StepUpResponse200")


@_attrs_define
class StepUpResponse200:
    """
    Attributes:
        access_token (str): An access token whose second factor is fresh (valid for step-up operations for
            STEP_UP_MAX_AGE_S)
        expires_in (int): Seconds until the access token expires
    """

    access_token: str
    expires_in: int

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accessToken": access_token,
                "expiresIn": expires_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        access_token = d.pop("accessToken")

        expires_in = d.pop("expiresIn")

        step_up_response_200 = cls(
            access_token=access_token,
            expires_in=expires_in,
        )

        return step_up_response_200
