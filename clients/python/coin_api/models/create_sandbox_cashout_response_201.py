from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_sandbox_cashout_response_201_cashout import (
        CreateSandboxCashoutResponse201Cashout,
    )
    from ..models.wallet import Wallet


T = TypeVar("T", bound="CreateSandboxCashoutResponse201")


@_attrs_define
class CreateSandboxCashoutResponse201:
    """
    Attributes:
        cashout (CreateSandboxCashoutResponse201Cashout):
        wallet (Wallet):
    """

    cashout: CreateSandboxCashoutResponse201Cashout
    wallet: Wallet

    def to_dict(self) -> dict[str, Any]:
        cashout = self.cashout.to_dict()

        wallet = self.wallet.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashout": cashout,
                "wallet": wallet,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_sandbox_cashout_response_201_cashout import (
            CreateSandboxCashoutResponse201Cashout,
        )
        from ..models.wallet import Wallet

        d = dict(src_dict)
        cashout = CreateSandboxCashoutResponse201Cashout.from_dict(d.pop("cashout"))

        wallet = Wallet.from_dict(d.pop("wallet"))

        create_sandbox_cashout_response_201 = cls(
            cashout=cashout,
            wallet=wallet,
        )

        return create_sandbox_cashout_response_201
