from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_platform_client_balance_monitor_response_200_wallet_treasury_type_0 import (
    GetPlatformClientBalanceMonitorResponse200WalletTreasuryType0,
    check_get_platform_client_balance_monitor_response_200_wallet_treasury_type_0,
)

T = TypeVar("T", bound="GetPlatformClientBalanceMonitorResponse200Wallet")


@_attrs_define
class GetPlatformClientBalanceMonitorResponse200Wallet:
    """
    Attributes:
        user_id (int | None):
        treasury (GetPlatformClientBalanceMonitorResponse200WalletTreasuryType0 | None):
    """

    user_id: int | None
    treasury: GetPlatformClientBalanceMonitorResponse200WalletTreasuryType0 | None

    def to_dict(self) -> dict[str, Any]:
        user_id: int | None
        user_id = self.user_id

        treasury: None | str
        if isinstance(self.treasury, str):
            treasury = self.treasury
        else:
            treasury = self.treasury

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "treasury": treasury,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        user_id = _parse_user_id(d.pop("userId"))

        def _parse_treasury(
            data: object,
        ) -> GetPlatformClientBalanceMonitorResponse200WalletTreasuryType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                treasury_type_0 = check_get_platform_client_balance_monitor_response_200_wallet_treasury_type_0(
                    data
                )

                return treasury_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                GetPlatformClientBalanceMonitorResponse200WalletTreasuryType0 | None,
                data,
            )

        treasury = _parse_treasury(d.pop("treasury"))

        get_platform_client_balance_monitor_response_200_wallet = cls(
            user_id=user_id,
            treasury=treasury,
        )

        return get_platform_client_balance_monitor_response_200_wallet
