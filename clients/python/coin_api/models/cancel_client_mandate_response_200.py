from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cancel_client_mandate_response_200_mandate import (
        CancelClientMandateResponse200Mandate,
    )


T = TypeVar("T", bound="CancelClientMandateResponse200")


@_attrs_define
class CancelClientMandateResponse200:
    """
    Attributes:
        mandate (CancelClientMandateResponse200Mandate):
    """

    mandate: CancelClientMandateResponse200Mandate

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
        from ..models.cancel_client_mandate_response_200_mandate import (
            CancelClientMandateResponse200Mandate,
        )

        d = dict(src_dict)
        mandate = CancelClientMandateResponse200Mandate.from_dict(d.pop("mandate"))

        cancel_client_mandate_response_200 = cls(
            mandate=mandate,
        )

        return cancel_client_mandate_response_200
