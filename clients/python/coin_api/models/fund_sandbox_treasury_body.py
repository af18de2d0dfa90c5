from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.fund_sandbox_treasury_body_treasury import (
    FundSandboxTreasuryBodyTreasury,
    check_fund_sandbox_treasury_body_treasury,
)

T = TypeVar("T", bound="FundSandboxTreasuryBody")


@_attrs_define
class FundSandboxTreasuryBody:
    """
    Attributes:
        treasury (FundSandboxTreasuryBodyTreasury):
        amount (float): Coins, > 0, at most 2 decimals, at most 1,000,000,000
        reason (str): Text: tab and line breaks allowed; no other control characters, no lone surrogates
    """

    treasury: FundSandboxTreasuryBodyTreasury
    amount: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        treasury: str = self.treasury

        amount = self.amount

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasury": treasury,
                "amount": amount,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        treasury = check_fund_sandbox_treasury_body_treasury(d.pop("treasury"))

        amount = d.pop("amount")

        reason = d.pop("reason")

        fund_sandbox_treasury_body = cls(
            treasury=treasury,
            amount=amount,
            reason=reason,
        )

        return fund_sandbox_treasury_body
