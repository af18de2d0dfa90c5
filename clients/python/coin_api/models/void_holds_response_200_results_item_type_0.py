from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.void_holds_response_200_results_item_type_0_result import (
        VoidHoldsResponse200ResultsItemType0Result,
    )


T = TypeVar("T", bound="VoidHoldsResponse200ResultsItemType0")


@_attrs_define
class VoidHoldsResponse200ResultsItemType0:
    """
    Attributes:
        id (str):
        status (int):
        result (VoidHoldsResponse200ResultsItemType0Result):
    """

    id: str
    status: int
    result: VoidHoldsResponse200ResultsItemType0Result

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status

        result = self.result.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.void_holds_response_200_results_item_type_0_result import (
            VoidHoldsResponse200ResultsItemType0Result,
        )

        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        result = VoidHoldsResponse200ResultsItemType0Result.from_dict(d.pop("result"))

        void_holds_response_200_results_item_type_0 = cls(
            id=id,
            status=status,
            result=result,
        )

        return void_holds_response_200_results_item_type_0
