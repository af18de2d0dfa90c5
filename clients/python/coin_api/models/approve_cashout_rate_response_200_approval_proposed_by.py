from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_cashout_rate_response_200_approval_proposed_by_kind import (
    ApproveCashoutRateResponse200ApprovalProposedByKind,
    check_approve_cashout_rate_response_200_approval_proposed_by_kind,
)

T = TypeVar("T", bound="ApproveCashoutRateResponse200ApprovalProposedBy")


@_attrs_define
class ApproveCashoutRateResponse200ApprovalProposedBy:
    """
    Attributes:
        kind (ApproveCashoutRateResponse200ApprovalProposedByKind):
        id (str):
    """

    kind: ApproveCashoutRateResponse200ApprovalProposedByKind
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
        kind = check_approve_cashout_rate_response_200_approval_proposed_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        approve_cashout_rate_response_200_approval_proposed_by = cls(
            kind=kind,
            id=id,
        )

        return approve_cashout_rate_response_200_approval_proposed_by
