from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approval import Approval


T = TypeVar("T", bound="RefundTransactionResponse202")


@_attrs_define
class RefundTransactionResponse202:
    """
    Attributes:
        approval (Approval):
    """

    approval: Approval

    def to_dict(self) -> dict[str, Any]:
        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approval import Approval

        d = dict(src_dict)
        approval = Approval.from_dict(d.pop("approval"))

        refund_transaction_response_202 = cls(
            approval=approval,
        )

        return refund_transaction_response_202
