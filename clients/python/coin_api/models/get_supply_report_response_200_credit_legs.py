from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_supply_report_response_200_credit_legs_in_flight import (
        GetSupplyReportResponse200CreditLegsInFlight,
    )
    from ..models.get_supply_report_response_200_credit_legs_stale import (
        GetSupplyReportResponse200CreditLegsStale,
    )
    from ..models.get_supply_report_response_200_credit_legs_young import (
        GetSupplyReportResponse200CreditLegsYoung,
    )


T = TypeVar("T", bound="GetSupplyReportResponse200CreditLegs")


@_attrs_define
class GetSupplyReportResponse200CreditLegs:
    """
    Attributes:
        max_age_seconds (int):
        in_flight (GetSupplyReportResponse200CreditLegsInFlight):
        young (GetSupplyReportResponse200CreditLegsYoung):
        stale (GetSupplyReportResponse200CreditLegsStale):
        oldest_age_seconds (float | None):
        stale_transaction_ids (list[int]):
    """

    max_age_seconds: int
    in_flight: GetSupplyReportResponse200CreditLegsInFlight
    young: GetSupplyReportResponse200CreditLegsYoung
    stale: GetSupplyReportResponse200CreditLegsStale
    oldest_age_seconds: float | None
    stale_transaction_ids: list[int]

    def to_dict(self) -> dict[str, Any]:
        max_age_seconds = self.max_age_seconds

        in_flight = self.in_flight.to_dict()

        young = self.young.to_dict()

        stale = self.stale.to_dict()

        oldest_age_seconds: float | None
        oldest_age_seconds = self.oldest_age_seconds

        stale_transaction_ids = self.stale_transaction_ids

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "maxAgeSeconds": max_age_seconds,
                "inFlight": in_flight,
                "young": young,
                "stale": stale,
                "oldestAgeSeconds": oldest_age_seconds,
                "staleTransactionIds": stale_transaction_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_supply_report_response_200_credit_legs_in_flight import (
            GetSupplyReportResponse200CreditLegsInFlight,
        )
        from ..models.get_supply_report_response_200_credit_legs_stale import (
            GetSupplyReportResponse200CreditLegsStale,
        )
        from ..models.get_supply_report_response_200_credit_legs_young import (
            GetSupplyReportResponse200CreditLegsYoung,
        )

        d = dict(src_dict)
        max_age_seconds = d.pop("maxAgeSeconds")

        in_flight = GetSupplyReportResponse200CreditLegsInFlight.from_dict(
            d.pop("inFlight")
        )

        young = GetSupplyReportResponse200CreditLegsYoung.from_dict(d.pop("young"))

        stale = GetSupplyReportResponse200CreditLegsStale.from_dict(d.pop("stale"))

        def _parse_oldest_age_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        oldest_age_seconds = _parse_oldest_age_seconds(d.pop("oldestAgeSeconds"))

        stale_transaction_ids = cast(list[int], d.pop("staleTransactionIds"))

        get_supply_report_response_200_credit_legs = cls(
            max_age_seconds=max_age_seconds,
            in_flight=in_flight,
            young=young,
            stale=stale,
            oldest_age_seconds=oldest_age_seconds,
            stale_transaction_ids=stale_transaction_ids,
        )

        return get_supply_report_response_200_credit_legs
