from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_client_balance_monitor_body_wallet_treasury import (
    CreateClientBalanceMonitorBodyWalletTreasury,
    check_create_client_balance_monitor_body_wallet_treasury,
)

T = TypeVar("T", bound="CreateClientBalanceMonitorBodyWallet")


@_attrs_define
class CreateClientBalanceMonitorBodyWallet:
    """
    Attributes:
        treasury (CreateClientBalanceMonitorBodyWalletTreasury): A treasury code this client was granted
    """

    treasury: CreateClientBalanceMonitorBodyWalletTreasury

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
        treasury = check_create_client_balance_monitor_body_wallet_treasury(
            d.pop("treasury")
        )

        create_client_balance_monitor_body_wallet = cls(
            treasury=treasury,
        )

        return create_client_balance_monitor_body_wallet
