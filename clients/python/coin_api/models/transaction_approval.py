from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="TransactionApproval")


@_attrs_define
class TransactionApproval:
    """
    Attributes:
        id (UUID):
        requested_by (int):
        approved_by (int):
    """

    id: UUID
    requested_by: int
    approved_by: int

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        requested_by = self.requested_by

        approved_by = self.approved_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "requestedBy": requested_by,
                "approvedBy": approved_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        requested_by = d.pop("requestedBy")

        approved_by = d.pop("approvedBy")

        transaction_approval = cls(
            id=id,
            requested_by=requested_by,
            approved_by=approved_by,
        )

        return transaction_approval
