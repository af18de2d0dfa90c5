from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.grant_mandate_response_201_mandate import (
        GrantMandateResponse201Mandate,
    )


T = TypeVar("T", bound="GrantMandateResponse201")


@_attrs_define
class GrantMandateResponse201:
    """
    Attributes:
        mandate (GrantMandateResponse201Mandate):
    """

    mandate: GrantMandateResponse201Mandate

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
        from ..models.grant_mandate_response_201_mandate import (
            GrantMandateResponse201Mandate,
        )

        d = dict(src_dict)
        mandate = GrantMandateResponse201Mandate.from_dict(d.pop("mandate"))

        grant_mandate_response_201 = cls(
            mandate=mandate,
        )

        return grant_mandate_response_201
