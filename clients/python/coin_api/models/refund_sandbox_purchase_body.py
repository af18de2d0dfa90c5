from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.refund_sandbox_purchase_body_treasury import (
    RefundSandboxPurchaseBodyTreasury,
    check_refund_sandbox_purchase_body_treasury,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.refund_sandbox_purchase_body_metadata import (
        RefundSandboxPurchaseBodyMetadata,
    )


T = TypeVar("T", bound="RefundSandboxPurchaseBody")


@_attrs_define
class RefundSandboxPurchaseBody:
    """
    Attributes:
        transaction_id (int):
        reason (str): Text: tab and line breaks allowed; no other control characters, no lone surrogates
        treasury (RefundSandboxPurchaseBodyTreasury | Unset):
        amount (float | Unset): Coins, > 0, at most 2 decimals, at most 1,000,000,000
        metadata (RefundSandboxPurchaseBodyMetadata | Unset): Key-value metadata: at most 20 keys of 1-40 characters
            [A-Za-z0-9_.-], string values of at most 500 characters without control characters
    """

    transaction_id: int
    reason: str
    treasury: RefundSandboxPurchaseBodyTreasury | Unset = UNSET
    amount: float | Unset = UNSET
    metadata: RefundSandboxPurchaseBodyMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        reason = self.reason

        treasury: str | Unset = UNSET
        if not isinstance(self.treasury, Unset):
            treasury = self.treasury

        amount = self.amount

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transactionId": transaction_id,
                "reason": reason,
            }
        )
        if treasury is not UNSET:
            field_dict["treasury"] = treasury
        if amount is not UNSET:
            field_dict["amount"] = amount
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.refund_sandbox_purchase_body_metadata import (
            RefundSandboxPurchaseBodyMetadata,
        )

        d = dict(src_dict)
        transaction_id = d.pop("transactionId")

        reason = d.pop("reason")

        _treasury = d.pop("treasury", UNSET)
        treasury: RefundSandboxPurchaseBodyTreasury | Unset
        if isinstance(_treasury, Unset):
            treasury = UNSET
        else:
            treasury = check_refund_sandbox_purchase_body_treasury(_treasury)

        amount = d.pop("amount", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: RefundSandboxPurchaseBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = RefundSandboxPurchaseBodyMetadata.from_dict(_metadata)

        refund_sandbox_purchase_body = cls(
            transaction_id=transaction_id,
            reason=reason,
            treasury=treasury,
            amount=amount,
            metadata=metadata,
        )

        return refund_sandbox_purchase_body
