from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_cashout_rates_response_200_versions_item_decided_by_type_0_kind import (
    ListCashoutRatesResponse200VersionsItemDecidedByType0Kind,
    check_list_cashout_rates_response_200_versions_item_decided_by_type_0_kind,
)

T = TypeVar("T", bound="ListCashoutRatesResponse200VersionsItemDecidedByType0")


@_attrs_define
class ListCashoutRatesResponse200VersionsItemDecidedByType0:
    """
    Attributes:
        kind (ListCashoutRatesResponse200VersionsItemDecidedByType0Kind):
        id (str):
    """

    kind: ListCashoutRatesResponse200VersionsItemDecidedByType0Kind
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
        kind = (
            check_list_cashout_rates_response_200_versions_item_decided_by_type_0_kind(
                d.pop("kind")
            )
        )

        id = d.pop("id")

        list_cashout_rates_response_200_versions_item_decided_by_type_0 = cls(
            kind=kind,
            id=id,
        )

        return list_cashout_rates_response_200_versions_item_decided_by_type_0
