from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.reward_user_body_metadata import RewardUserBodyMetadata


T = TypeVar("T", bound="RewardUserBody")


@_attrs_define
class RewardUserBody:
    """
    Attributes:
        user_id (int):
        amount (float): Coins, > 0, at most 2 decimals, at most 1,000,000,000
        reason (str): Text: tab and line breaks allowed; no other control characters, no lone surrogates
        reference (str | Unset): One line of text: no control characters, no lone surrogates
        metadata (RewardUserBodyMetadata | Unset): Key-value metadata: at most 20 keys of 1-40 characters
            [A-Za-z0-9_.-], string values of at most 500 characters without control characters
    """

    user_id: int
    amount: float
    reason: str
    reference: str | Unset = UNSET
    metadata: RewardUserBodyMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        amount = self.amount

        reason = self.reason

        reference = self.reference

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "amount": amount,
                "reason": reason,
            }
        )
        if reference is not UNSET:
            field_dict["reference"] = reference
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reward_user_body_metadata import RewardUserBodyMetadata

        d = dict(src_dict)
        user_id = d.pop("userId")

        amount = d.pop("amount")

        reason = d.pop("reason")

        reference = d.pop("reference", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: RewardUserBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = RewardUserBodyMetadata.from_dict(_metadata)

        reward_user_body = cls(
            user_id=user_id,
            amount=amount,
            reason=reason,
            reference=reference,
            metadata=metadata,
        )

        return reward_user_body
