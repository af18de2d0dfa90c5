from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetSupplyReportResponse200BadCapturesItem")


@_attrs_define
class GetSupplyReportResponse200BadCapturesItem:
    """
    Attributes:
        hold_id (str):
        status (None | str):
        transaction_ids (list[int]):
        problem (str):
    """

    hold_id: str
    status: None | str
    transaction_ids: list[int]
    problem: str

    def to_dict(self) -> dict[str, Any]:
        hold_id = self.hold_id

        status: None | str
        status = self.status

        transaction_ids = self.transaction_ids

        problem = self.problem

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "holdId": hold_id,
                "status": status,
                "transactionIds": transaction_ids,
                "problem": problem,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        hold_id = d.pop("holdId")

        def _parse_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status = _parse_status(d.pop("status"))

        transaction_ids = cast(list[int], d.pop("transactionIds"))

        problem = d.pop("problem")

        get_supply_report_response_200_bad_captures_item = cls(
            hold_id=hold_id,
            status=status,
            transaction_ids=transaction_ids,
            problem=problem,
        )

        return get_supply_report_response_200_bad_captures_item
