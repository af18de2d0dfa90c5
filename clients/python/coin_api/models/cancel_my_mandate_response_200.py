from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cancel_my_mandate_response_200_mandate import (
        CancelMyMandateResponse200Mandate,
    )


T = TypeVar("T", bound="CancelMyMandateResponse200")


@_attrs_define
class CancelMyMandateResponse200:
    """
    Attributes:
        mandate (CancelMyMandateResponse200Mandate):
    """

    mandate: CancelMyMandateResponse200Mandate

    def to_dict(self) -> dict[str, Any]:
        mandate = self.mandate.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mandate": mandate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.cancel_my_mandate_response_200_mandate import (
            CancelMyMandateResponse200Mandate,
        )

        d = dict(src_dict)
        mandate = CancelMyMandateResponse200Mandate.from_dict(d.pop("mandate"))

        cancel_my_mandate_response_200 = cls(
            mandate=mandate,
        )

        return cancel_my_mandate_response_200
