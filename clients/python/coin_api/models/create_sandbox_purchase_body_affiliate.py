from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateSandboxPurchaseBodyAffiliate")


@_attrs_define
class CreateSandboxPurchaseBodyAffiliate:
    """The affiliate paid a commission out of the amount by the client’s own rule for the treasury (the client is the
    platform here)

        Attributes:
            user_id (int):
    """

    user_id: int

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("userId")

        create_sandbox_purchase_body_affiliate = cls(
            user_id=user_id,
        )

        return create_sandbox_purchase_body_affiliate
