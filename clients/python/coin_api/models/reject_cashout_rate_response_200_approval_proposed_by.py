from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.reject_cashout_rate_response_200_approval_proposed_by_kind import (
    RejectCashoutRateResponse200ApprovalProposedByKind,
    check_reject_cashout_rate_response_200_approval_proposed_by_kind,
)

T = TypeVar("T", bound="RejectCashoutRateResponse200ApprovalProposedBy")


@_attrs_define
class RejectCashoutRateResponse200ApprovalProposedBy:
    """
    Attributes:
        kind (RejectCashoutRateResponse200ApprovalProposedByKind):
        id (str):
    """

    kind: RejectCashoutRateResponse200ApprovalProposedByKind
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
        kind = check_reject_cashout_rate_response_200_approval_proposed_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        reject_cashout_rate_response_200_approval_proposed_by = cls(
            kind=kind,
            id=id,
        )

        return reject_cashout_rate_response_200_approval_proposed_by
