from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_sandbox_mandate_response_201_mandate import (
        CreateSandboxMandateResponse201Mandate,
    )


T = TypeVar("T", bound="CreateSandboxMandateResponse201")


@_attrs_define
class CreateSandboxMandateResponse201:
    """
    Attributes:
        mandate (CreateSandboxMandateResponse201Mandate):
    """

    mandate: CreateSandboxMandateResponse201Mandate

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
        from ..models.create_sandbox_mandate_response_201_mandate import (
            CreateSandboxMandateResponse201Mandate,
        )

        d = dict(src_dict)
        mandate = CreateSandboxMandateResponse201Mandate.from_dict(d.pop("mandate"))

        create_sandbox_mandate_response_201 = cls(
            mandate=mandate,
        )

        return create_sandbox_mandate_response_201
