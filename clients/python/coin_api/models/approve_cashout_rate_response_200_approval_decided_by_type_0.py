from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_cashout_rate_response_200_approval_decided_by_type_0_kind import (
    ApproveCashoutRateResponse200ApprovalDecidedByType0Kind,
    check_approve_cashout_rate_response_200_approval_decided_by_type_0_kind,
)

T = TypeVar("T", bound="ApproveCashoutRateResponse200ApprovalDecidedByType0")


@_attrs_define
class ApproveCashoutRateResponse200ApprovalDecidedByType0:
    """
    Attributes:
        kind (ApproveCashoutRateResponse200ApprovalDecidedByType0Kind):
        id (str):
    """

    kind: ApproveCashoutRateResponse200ApprovalDecidedByType0Kind
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
        kind = check_approve_cashout_rate_response_200_approval_decided_by_type_0_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        approve_cashout_rate_response_200_approval_decided_by_type_0 = cls(
            kind=kind,
            id=id,
        )

        return approve_cashout_rate_response_200_approval_decided_by_type_0
