from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar(
    "T", bound="GetSandboxUserStatementResponse200LinesItemTransactionType0Approval"
)


@_attrs_define
class GetSandboxUserStatementResponse200LinesItemTransactionType0Approval:
    """
    Attributes:
        id (UUID):
        requested_by (int):
        approved_by (int):
    """

    id: UUID
    requested_by: int
    approved_by: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        requested_by = self.requested_by

        approved_by = self.approved_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        get_sandbox_user_statement_response_200_lines_item_transaction_type_0_approval = cls(
            id=id,
            requested_by=requested_by,
            approved_by=approved_by,
        )

        get_sandbox_user_statement_response_200_lines_item_transaction_type_0_approval.additional_properties = d
        return get_sandbox_user_statement_response_200_lines_item_transaction_type_0_approval

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
