from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_cashout_rates_response_200_versions_item_proposed_by_kind import (
    ListCashoutRatesResponse200VersionsItemProposedByKind,
    check_list_cashout_rates_response_200_versions_item_proposed_by_kind,
)

T = TypeVar("T", bound="ListCashoutRatesResponse200VersionsItemProposedBy")


@_attrs_define
class ListCashoutRatesResponse200VersionsItemProposedBy:
    """
    Attributes:
        kind (ListCashoutRatesResponse200VersionsItemProposedByKind):
        id (str):
    """

    kind: ListCashoutRatesResponse200VersionsItemProposedByKind
    id: str

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_list_cashout_rates_response_200_versions_item_proposed_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        list_cashout_rates_response_200_versions_item_proposed_by = cls(
            kind=kind,
            id=id,
        )

        return list_cashout_rates_response_200_versions_item_proposed_by
