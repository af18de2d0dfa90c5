from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateBalanceMonitorBodyWalletType1")


@_attrs_define
class CreateBalanceMonitorBodyWalletType1:
    """
    Attributes:
        user_id (int): A user id: that user's wallet
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

        create_balance_monitor_body_wallet_type_1 = cls(
            user_id=user_id,
        )

        return create_balance_monitor_body_wallet_type_1
