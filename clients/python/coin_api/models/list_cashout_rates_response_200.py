from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_cashout_rates_response_200_configured_item import (
        ListCashoutRatesResponse200ConfiguredItem,
    )
    from ..models.list_cashout_rates_response_200_in_force_type_0 import (
        ListCashoutRatesResponse200InForceType0,
    )
    from ..models.list_cashout_rates_response_200_versions_item import (
        ListCashoutRatesResponse200VersionsItem,
    )


T = TypeVar("T", bound="ListCashoutRatesResponse200")


@_attrs_define
class ListCashoutRatesResponse200:
    """
    Attributes:
        configured (list[ListCashoutRatesResponse200ConfiguredItem]):
        versions (list[ListCashoutRatesResponse200VersionsItem]):
        in_force (ListCashoutRatesResponse200InForceType0 | None):
    """

    configured: list[ListCashoutRatesResponse200ConfiguredItem]
    versions: list[ListCashoutRatesResponse200VersionsItem]
    in_force: ListCashoutRatesResponse200InForceType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_cashout_rates_response_200_in_force_type_0 import (
            ListCashoutRatesResponse200InForceType0,
        )

        configured = []
        for configured_item_data in self.configured:
            configured_item = configured_item_data.to_dict()
            configured.append(configured_item)

        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)

        in_force: dict[str, Any] | None
        if isinstance(self.in_force, ListCashoutRatesResponse200InForceType0):
            in_force = self.in_force.to_dict()
        else:
            in_force = self.in_force

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "configured": configured,
                "versions": versions,
                "inForce": in_force,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_cashout_rates_response_200_configured_item import (
            ListCashoutRatesResponse200ConfiguredItem,
        )
        from ..models.list_cashout_rates_response_200_in_force_type_0 import (
            ListCashoutRatesResponse200InForceType0,
        )
        from ..models.list_cashout_rates_response_200_versions_item import (
            ListCashoutRatesResponse200VersionsItem,
        )

        d = dict(src_dict)
        configured = []
        _configured = d.pop("configured")
        for configured_item_data in _configured:
            configured_item = ListCashoutRatesResponse200ConfiguredItem.from_dict(
                configured_item_data
            )

            configured.append(configured_item)

        versions = []
        _versions = d.pop("versions")
        for versions_item_data in _versions:
            versions_item = ListCashoutRatesResponse200VersionsItem.from_dict(
                versions_item_data
            )

            versions.append(versions_item)

        def _parse_in_force(
            data: object,
        ) -> ListCashoutRatesResponse200InForceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                in_force_type_0 = ListCashoutRatesResponse200InForceType0.from_dict(
                    data
                )

                return in_force_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListCashoutRatesResponse200InForceType0 | None, data)

        in_force = _parse_in_force(d.pop("inForce"))

        list_cashout_rates_response_200 = cls(
            configured=configured,
            versions=versions,
            in_force=in_force,
        )

        return list_cashout_rates_response_200
