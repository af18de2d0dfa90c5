from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_client_balance_monitor_body_direction import (
    CreateClientBalanceMonitorBodyDirection,
    check_create_client_balance_monitor_body_direction,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_client_balance_monitor_body_wallet import (
        CreateClientBalanceMonitorBodyWallet,
    )


T = TypeVar("T", bound="CreateClientBalanceMonitorBody")


@_attrs_define
class CreateClientBalanceMonitorBody:
    """
    Attributes:
        wallet (CreateClientBalanceMonitorBodyWallet):
        threshold (float): Coins, >= 0, at most 2 decimals, at most 1,000,000,000
        direction (CreateClientBalanceMonitorBodyDirection): down: fires when the balance goes from >= threshold to <
            threshold; up: from < to >=; both: either
        enabled (bool | Unset): A disabled monitor fires nothing Default: True.
    """

    wallet: CreateClientBalanceMonitorBodyWallet
    threshold: float
    direction: CreateClientBalanceMonitorBodyDirection
    enabled: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        wallet = self.wallet.to_dict()

        threshold = self.threshold

        direction: str = self.direction

        enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "wallet": wallet,
                "threshold": threshold,
                "direction": direction,
            }
        )
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_client_balance_monitor_body_wallet import (
            CreateClientBalanceMonitorBodyWallet,
        )

        d = dict(src_dict)
        wallet = CreateClientBalanceMonitorBodyWallet.from_dict(d.pop("wallet"))

        threshold = d.pop("threshold")

        direction = check_create_client_balance_monitor_body_direction(
            d.pop("direction")
        )

        enabled = d.pop("enabled", UNSET)

        create_client_balance_monitor_body = cls(
            wallet=wallet,
            threshold=threshold,
            direction=direction,
            enabled=enabled,
        )

        return create_client_balance_monitor_body
