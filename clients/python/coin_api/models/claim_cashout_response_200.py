from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.claim_cashout_response_200_cashout import (
        ClaimCashoutResponse200Cashout,
    )


T = TypeVar("T", bound="ClaimCashoutResponse200")


@_attrs_define
class ClaimCashoutResponse200:
    """
    Attributes:
        cashout (ClaimCashoutResponse200Cashout):
    """

    cashout: ClaimCashoutResponse200Cashout

    def to_dict(self) -> dict[str, Any]:
        cashout = self.cashout.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashout": cashout,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.claim_cashout_response_200_cashout import (
            ClaimCashoutResponse200Cashout,
        )

        d = dict(src_dict)
        cashout = ClaimCashoutResponse200Cashout.from_dict(d.pop("cashout"))

        claim_cashout_response_200 = cls(
            cashout=cashout,
        )

        return claim_cashout_response_200
