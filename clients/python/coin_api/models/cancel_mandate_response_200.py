from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cancel_mandate_response_200_mandate import (
        CancelMandateResponse200Mandate,
    )


T = TypeVar("T", bound="CancelMandateResponse200")


@_attrs_define
class CancelMandateResponse200:
    """
    Attributes:
        mandate (CancelMandateResponse200Mandate):
    """

    mandate: CancelMandateResponse200Mandate

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
        from ..models.cancel_mandate_response_200_mandate import (
            CancelMandateResponse200Mandate,
        )

        d = dict(src_dict)
        mandate = CancelMandateResponse200Mandate.from_dict(d.pop("mandate"))

        cancel_mandate_response_200 = cls(
            mandate=mandate,
        )

        return cancel_mandate_response_200
