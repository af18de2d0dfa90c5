from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.payout_body_from_type_0_treasury import (
    PayoutBodyFromType0Treasury,
    check_payout_body_from_type_0_treasury,
)

T = TypeVar("T", bound="PayoutBodyFromType0")


@_attrs_define
class PayoutBodyFromType0:
    """
    Attributes:
        treasury (PayoutBodyFromType0Treasury):
    """

    treasury: PayoutBodyFromType0Treasury

    def to_dict(self) -> dict[str, Any]:
        treasury: str = self.treasury

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasury": treasury,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        treasury = check_payout_body_from_type_0_treasury(d.pop("treasury"))

        payout_body_from_type_0 = cls(
            treasury=treasury,
        )

        return payout_body_from_type_0
