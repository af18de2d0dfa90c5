from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_balance_monitor_body_wallet_type_0_treasury import (
    CreateBalanceMonitorBodyWalletType0Treasury,
    check_create_balance_monitor_body_wallet_type_0_treasury,
)

T = TypeVar("T", bound="CreateBalanceMonitorBodyWalletType0")


@_attrs_define
class CreateBalanceMonitorBodyWalletType0:
    """
    Attributes:
        treasury (CreateBalanceMonitorBodyWalletType0Treasury): A treasury code
    """

    treasury: CreateBalanceMonitorBodyWalletType0Treasury

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
        treasury = check_create_balance_monitor_body_wallet_type_0_treasury(
            d.pop("treasury")
        )

        create_balance_monitor_body_wallet_type_0 = cls(
            treasury=treasury,
        )

        return create_balance_monitor_body_wallet_type_0
