from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_referral_body_treasury import (
    CreateReferralBodyTreasury,
    check_create_referral_body_treasury,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateReferralBody")


@_attrs_define
class CreateReferralBody:
    """
    Attributes:
        buyer_user_id (int):
        affiliate_user_id (int):
        treasury (CreateReferralBodyTreasury):
        reference (str | Unset): One line of text: no control characters, no lone surrogates
    """

    buyer_user_id: int
    affiliate_user_id: int
    treasury: CreateReferralBodyTreasury
    reference: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        buyer_user_id = self.buyer_user_id

        affiliate_user_id = self.affiliate_user_id

        treasury: str = self.treasury

        reference = self.reference

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "buyerUserId": buyer_user_id,
                "affiliateUserId": affiliate_user_id,
                "treasury": treasury,
            }
        )
        if reference is not UNSET:
            field_dict["reference"] = reference

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        buyer_user_id = d.pop("buyerUserId")

        affiliate_user_id = d.pop("affiliateUserId")

        treasury = check_create_referral_body_treasury(d.pop("treasury"))

        reference = d.pop("reference", UNSET)

        create_referral_body = cls(
            buyer_user_id=buyer_user_id,
            affiliate_user_id=affiliate_user_id,
            treasury=treasury,
            reference=reference,
        )

        return create_referral_body
