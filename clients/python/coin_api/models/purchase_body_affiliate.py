from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PurchaseBodyAffiliate")


@_attrs_define
class PurchaseBodyAffiliate:
    """
    Attributes:
        referral (str): The referral a platform client was given for this buyer and treasury (POST
            /api/platform/referrals)
    """

    referral: str

    def to_dict(self) -> dict[str, Any]:
        referral = self.referral

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "referral": referral,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        referral = d.pop("referral")

        purchase_body_affiliate = cls(
            referral=referral,
        )

        return purchase_body_affiliate
