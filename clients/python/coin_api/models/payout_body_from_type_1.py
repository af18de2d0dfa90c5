from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PayoutBodyFromType1")


@_attrs_define
class PayoutBodyFromType1:
    """
    Attributes:
        user_id (int | Unset):
    """

    user_id: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if user_id is not UNSET:
            field_dict["userId"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("userId", UNSET)

        payout_body_from_type_1 = cls(
            user_id=user_id,
        )

        return payout_body_from_type_1
