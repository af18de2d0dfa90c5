from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetMonitoringCaseResponse200FlowsItem")


@_attrs_define
class GetMonitoringCaseResponse200FlowsItem:
    """
    Attributes:
        from_ (None | str):
        to (None | str):
        amount_minor (int):
        count (int):
    """

    from_: None | str
    to: None | str
    amount_minor: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        from_: None | str
        from_ = self.from_

        to: None | str
        to = self.to

        amount_minor = self.amount_minor

        count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "amountMinor": amount_minor,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_from_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_ = _parse_from_(d.pop("from"))

        def _parse_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        to = _parse_to(d.pop("to"))

        amount_minor = d.pop("amountMinor")

        count = d.pop("count")

        get_monitoring_case_response_200_flows_item = cls(
            from_=from_,
            to=to,
            amount_minor=amount_minor,
            count=count,
        )

        return get_monitoring_case_response_200_flows_item
