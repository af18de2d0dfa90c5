from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.propose_cashout_rate_response_201_rate_proposed_by_kind import (
    ProposeCashoutRateResponse201RateProposedByKind,
    check_propose_cashout_rate_response_201_rate_proposed_by_kind,
)

T = TypeVar("T", bound="ProposeCashoutRateResponse201RateProposedBy")


@_attrs_define
class ProposeCashoutRateResponse201RateProposedBy:
    """
    Attributes:
        kind (ProposeCashoutRateResponse201RateProposedByKind):
        id (str):
    """

    kind: ProposeCashoutRateResponse201RateProposedByKind
    id: str

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_propose_cashout_rate_response_201_rate_proposed_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        propose_cashout_rate_response_201_rate_proposed_by = cls(
            kind=kind,
            id=id,
        )

        return propose_cashout_rate_response_201_rate_proposed_by
