from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.capture_holds_response_200_results_item_type_0 import (
        CaptureHoldsResponse200ResultsItemType0,
    )
    from ..models.capture_holds_response_200_results_item_type_1 import (
        CaptureHoldsResponse200ResultsItemType1,
    )


T = TypeVar("T", bound="CaptureHoldsResponse200")


@_attrs_define
class CaptureHoldsResponse200:
    """
    Attributes:
        results (list[CaptureHoldsResponse200ResultsItemType0 | CaptureHoldsResponse200ResultsItemType1]):
    """

    results: list[
        CaptureHoldsResponse200ResultsItemType0
        | CaptureHoldsResponse200ResultsItemType1
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.capture_holds_response_200_results_item_type_0 import (
            CaptureHoldsResponse200ResultsItemType0,
        )

        results = []
        for results_item_data in self.results:
            results_item: dict[str, Any]
            if isinstance(results_item_data, CaptureHoldsResponse200ResultsItemType0):
                results_item = results_item_data.to_dict()
            else:
                results_item = results_item_data.to_dict()

            results.append(results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capture_holds_response_200_results_item_type_0 import (
            CaptureHoldsResponse200ResultsItemType0,
        )
        from ..models.capture_holds_response_200_results_item_type_1 import (
            CaptureHoldsResponse200ResultsItemType1,
        )

        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in _results:

            def _parse_results_item(
                data: object,
            ) -> (
                CaptureHoldsResponse200ResultsItemType0
                | CaptureHoldsResponse200ResultsItemType1
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    results_item_type_0 = (
                        CaptureHoldsResponse200ResultsItemType0.from_dict(data)
                    )

                    return results_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                results_item_type_1 = CaptureHoldsResponse200ResultsItemType1.from_dict(
                    data
                )

                return results_item_type_1

            results_item = _parse_results_item(results_item_data)

            results.append(results_item)

        capture_holds_response_200 = cls(
            results=results,
        )

        return capture_holds_response_200
