from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_balance_monitor_body_direction import (
    CreateBalanceMonitorBodyDirection,
    check_create_balance_monitor_body_direction,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_balance_monitor_body_wallet_type_0 import (
        CreateBalanceMonitorBodyWalletType0,
    )
    from ..models.create_balance_monitor_body_wallet_type_1 import (
        CreateBalanceMonitorBodyWalletType1,
    )


T = TypeVar("T", bound="CreateBalanceMonitorBody")


@_attrs_define
class CreateBalanceMonitorBody:
    """
    Attributes:
        wallet (CreateBalanceMonitorBodyWalletType0 | CreateBalanceMonitorBodyWalletType1):
        threshold (float): Coins, >= 0, at most 2 decimals, at most 1,000,000,000
        direction (CreateBalanceMonitorBodyDirection): down: fires when the balance goes from >= threshold to <
            threshold; up: from < to >=; both: either
        enabled (bool | Unset): A disabled monitor fires nothing Default: True.
    """

    wallet: CreateBalanceMonitorBodyWalletType0 | CreateBalanceMonitorBodyWalletType1
    threshold: float
    direction: CreateBalanceMonitorBodyDirection
    enabled: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_balance_monitor_body_wallet_type_0 import (
            CreateBalanceMonitorBodyWalletType0,
        )

        wallet: dict[str, Any]
        if isinstance(self.wallet, CreateBalanceMonitorBodyWalletType0):
            wallet = self.wallet.to_dict()
        else:
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
        from ..models.create_balance_monitor_body_wallet_type_0 import (
            CreateBalanceMonitorBodyWalletType0,
        )
        from ..models.create_balance_monitor_body_wallet_type_1 import (
            CreateBalanceMonitorBodyWalletType1,
        )

        d = dict(src_dict)

        def _parse_wallet(
            data: object,
        ) -> CreateBalanceMonitorBodyWalletType0 | CreateBalanceMonitorBodyWalletType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                wallet_type_0 = CreateBalanceMonitorBodyWalletType0.from_dict(data)

                return wallet_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            wallet_type_1 = CreateBalanceMonitorBodyWalletType1.from_dict(data)

            return wallet_type_1

        wallet = _parse_wallet(d.pop("wallet"))

        threshold = d.pop("threshold")

        direction = check_create_balance_monitor_body_direction(d.pop("direction"))

        enabled = d.pop("enabled", UNSET)

        create_balance_monitor_body = cls(
            wallet=wallet,
            threshold=threshold,
            direction=direction,
            enabled=enabled,
        )

        return create_balance_monitor_body
