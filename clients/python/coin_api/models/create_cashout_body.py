from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateCashoutBody")


@_attrs_define
class CreateCashoutBody:
    """
    Attributes:
        amount (float): Coins, > 0, at most 2 decimals, at most 1,000,000,000
        msisdn (str): The mobile money account, an MSISDN in E.164 form (+ and 8 to 15 digits), e.g. +237670000000
        provider_client_id (str | Unset): The payout provider (a platform client granted `cashout`) that alone may claim
            it; absent: any granted provider may
    """

    amount: float
    msisdn: str
    provider_client_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        msisdn = self.msisdn

        provider_client_id = self.provider_client_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "msisdn": msisdn,
            }
        )
        if provider_client_id is not UNSET:
            field_dict["providerClientId"] = provider_client_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        msisdn = d.pop("msisdn")

        provider_client_id = d.pop("providerClientId", UNSET)

        create_cashout_body = cls(
            amount=amount,
            msisdn=msisdn,
            provider_client_id=provider_client_id,
        )

        return create_cashout_body
