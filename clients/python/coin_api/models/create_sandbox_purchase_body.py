from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_sandbox_purchase_body_treasury import (
    CreateSandboxPurchaseBodyTreasury,
    check_create_sandbox_purchase_body_treasury,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_sandbox_purchase_body_affiliate import (
        CreateSandboxPurchaseBodyAffiliate,
    )
    from ..models.create_sandbox_purchase_body_metadata import (
        CreateSandboxPurchaseBodyMetadata,
    )


T = TypeVar("T", bound="CreateSandboxPurchaseBody")


@_attrs_define
class CreateSandboxPurchaseBody:
    """
    Attributes:
        user_id (int): The test user who pays
        treasury (CreateSandboxPurchaseBodyTreasury):
        amount (float): Coins, > 0, at most 2 decimals, at most 1,000,000,000
        reason (str): Text: tab and line breaks allowed; no other control characters, no lone surrogates
        reference (str | Unset): One line of text: no control characters, no lone surrogates
        metadata (CreateSandboxPurchaseBodyMetadata | Unset): Key-value metadata: at most 20 keys of 1-40 characters
            [A-Za-z0-9_.-], string values of at most 500 characters without control characters
        affiliate (CreateSandboxPurchaseBodyAffiliate | Unset): The affiliate paid a commission out of the amount by the
            client’s own rule for the treasury (the client is the platform here)
    """

    user_id: int
    treasury: CreateSandboxPurchaseBodyTreasury
    amount: float
    reason: str
    reference: str | Unset = UNSET
    metadata: CreateSandboxPurchaseBodyMetadata | Unset = UNSET
    affiliate: CreateSandboxPurchaseBodyAffiliate | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

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
                "userId": user_id,
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
        from ..models.create_sandbox_purchase_body_affiliate import (
            CreateSandboxPurchaseBodyAffiliate,
        )
        from ..models.create_sandbox_purchase_body_metadata import (
            CreateSandboxPurchaseBodyMetadata,
        )

        d = dict(src_dict)
        user_id = d.pop("userId")

        treasury = check_create_sandbox_purchase_body_treasury(d.pop("treasury"))

        amount = d.pop("amount")

        reason = d.pop("reason")

        reference = d.pop("reference", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: CreateSandboxPurchaseBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CreateSandboxPurchaseBodyMetadata.from_dict(_metadata)

        _affiliate = d.pop("affiliate", UNSET)
        affiliate: CreateSandboxPurchaseBodyAffiliate | Unset
        if isinstance(_affiliate, Unset):
            affiliate = UNSET
        else:
            affiliate = CreateSandboxPurchaseBodyAffiliate.from_dict(_affiliate)

        create_sandbox_purchase_body = cls(
            user_id=user_id,
            treasury=treasury,
            amount=amount,
            reason=reason,
            reference=reference,
            metadata=metadata,
            affiliate=affiliate,
        )

        return create_sandbox_purchase_body
