from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.problem import Problem


T = TypeVar("T", bound="VoidHoldsResponse200ResultsItemType1")


@_attrs_define
class VoidHoldsResponse200ResultsItemType1:
    """
    Attributes:
        id (str):
        status (int):
        problem (Problem): RFC 9457 problem details (application/problem+json)
    """

    id: str
    status: int
    problem: Problem

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status

        problem = self.problem.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "problem": problem,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.problem import Problem

        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        problem = Problem.from_dict(d.pop("problem"))

        void_holds_response_200_results_item_type_1 = cls(
            id=id,
            status=status,
            problem=problem,
        )

        return void_holds_response_200_results_item_type_1
