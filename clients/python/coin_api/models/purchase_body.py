from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.purchase_body_treasury import (
    PurchaseBodyTreasury,
    check_purchase_body_treasury,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.purchase_body_affiliate import PurchaseBodyAffiliate
    from ..models.purchase_body_metadata import PurchaseBodyMetadata


T = TypeVar("T", bound="PurchaseBody")


@_attrs_define
class PurchaseBody:
    """
    Attributes:
        treasury (PurchaseBodyTreasury):
        amount (float): Coins, > 0, at most 2 decimals, at most 1,000,000,000
        reason (str): Text: tab and line breaks allowed; no other control characters, no lone surrogates
        reference (str | Unset): One line of text: no control characters, no lone surrogates
        metadata (PurchaseBodyMetadata | Unset): Key-value metadata: at most 20 keys of 1-40 characters [A-Za-z0-9_.-],
            string values of at most 500 characters without control characters
        affiliate (PurchaseBodyAffiliate | Unset):
    """

    treasury: PurchaseBodyTreasury
    amount: float
    reason: str
    reference: str | Unset = UNSET
    metadata: PurchaseBodyMetadata | Unset = UNSET
    affiliate: PurchaseBodyAffiliate | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        treasury: str = self.treasury

        amount = self.amount

        reason = self.reason

        reference = self.reference

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        affiliate: dict[str, Any] | Unset = UNSET
        if not isinstance(self.affiliate, Unset):
            affiliate = self.affiliate.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasury": treasury,
                "amount": amount,
                "reason": reason,
            }
        )
        if reference is not UNSET:
            field_dict["reference"] = reference
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if affiliate is not UNSET:
            field_dict["affiliate"] = affiliate

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.purchase_body_affiliate import PurchaseBodyAffiliate
        from ..models.purchase_body_metadata import PurchaseBodyMetadata

        d = dict(src_dict)
        treasury = check_purchase_body_treasury(d.pop("treasury"))

        amount = d.pop("amount")

        reason = d.pop("reason")

        reference = d.pop("reference", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: PurchaseBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = PurchaseBodyMetadata.from_dict(_metadata)

        _affiliate = d.pop("affiliate", UNSET)
        affiliate: PurchaseBodyAffiliate | Unset
        if isinstance(_affiliate, Unset):
            affiliate = UNSET
        else:
            affiliate = PurchaseBodyAffiliate.from_dict(_affiliate)

        purchase_body = cls(
            treasury=treasury,
            amount=amount,
            reason=reason,
            reference=reference,
            metadata=metadata,
            affiliate=affiliate,
        )

        return purchase_body
