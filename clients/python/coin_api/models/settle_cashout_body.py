from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.settle_cashout_body_outcome import (
    SettleCashoutBodyOutcome,
    check_settle_cashout_body_outcome,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SettleCashoutBody")


@_attrs_define
class SettleCashoutBody:
    """
    Attributes:
        cashout_id (UUID):
        outcome (SettleCashoutBodyOutcome):
        provider_reference (str | Unset): One line of text: no control characters, no lone surrogates
    """

    cashout_id: UUID
    outcome: SettleCashoutBodyOutcome
    provider_reference: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cashout_id = str(self.cashout_id)

        outcome: str = self.outcome

        provider_reference = self.provider_reference

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashoutId": cashout_id,
                "outcome": outcome,
            }
        )
        if provider_reference is not UNSET:
            field_dict["providerReference"] = provider_reference

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cashout_id = UUID(d.pop("cashoutId"))

        outcome = check_settle_cashout_body_outcome(d.pop("outcome"))

        provider_reference = d.pop("providerReference", UNSET)

        settle_cashout_body = cls(
            cashout_id=cashout_id,
            outcome=outcome,
            provider_reference=provider_reference,
        )

        return settle_cashout_body
