from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_cashout_reconciliation_response_200_lines_item import (
        GetCashoutReconciliationResponse200LinesItem,
    )


T = TypeVar("T", bound="GetCashoutReconciliationResponse200")


@_attrs_define
class GetCashoutReconciliationResponse200:
    """
    Attributes:
        from_ (str):
        to (str):
        lines (list[GetCashoutReconciliationResponse200LinesItem]):
    """

    from_: str
    to: str
    lines: list[GetCashoutReconciliationResponse200LinesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_

        to = self.to

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from": from_,
                "to": to,
                "lines": lines,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_cashout_reconciliation_response_200_lines_item import (
            GetCashoutReconciliationResponse200LinesItem,
        )

        d = dict(src_dict)
        from_ = d.pop("from")

        to = d.pop("to")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = GetCashoutReconciliationResponse200LinesItem.from_dict(
                lines_item_data
            )

            lines.append(lines_item)

        get_cashout_reconciliation_response_200 = cls(
            from_=from_,
            to=to,
            lines=lines,
        )

        get_cashout_reconciliation_response_200.additional_properties = d
        return get_cashout_reconciliation_response_200

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
