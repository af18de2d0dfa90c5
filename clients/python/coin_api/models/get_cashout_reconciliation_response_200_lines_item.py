from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetCashoutReconciliationResponse200LinesItem")


@_attrs_define
class GetCashoutReconciliationResponse200LinesItem:
    """
    Attributes:
        day (str):
        provider_client_id (None | str): The claimer, else the provider named; null: unclaimed and named none
        requested (int):
        requested_xaf (int):
        confirmed (int):
        confirmed_coins (float): Coins (2 decimals)
        confirmed_xaf (int): The XAF the provider paid: what its statement must show
        failed (int):
        expired (int):
        released (int):
        pending (int): Not settled yet: REQUESTED or CLAIMED
        claimed (int): Of the pending ones, those claimed (CLAIMED or CLAIM_OVERDUE)
        overdue (int): Of the claimed ones, those past their window (CLAIM_OVERDUE): the provider and an operator
            resolve them
        frozen (int): Of the claimed ones, those claimed once their payer's wallet was frozen: their CONFIRMED is
            refused
    """

    day: str
    provider_client_id: None | str
    requested: int
    requested_xaf: int
    confirmed: int
    confirmed_coins: float
    confirmed_xaf: int
    failed: int
    expired: int
    released: int
    pending: int
    claimed: int
    overdue: int
    frozen: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        day = self.day

        provider_client_id: None | str
        provider_client_id = self.provider_client_id

        requested = self.requested

        requested_xaf = self.requested_xaf

        confirmed = self.confirmed

        confirmed_coins = self.confirmed_coins

        confirmed_xaf = self.confirmed_xaf

        failed = self.failed

        expired = self.expired

        released = self.released

        pending = self.pending

        claimed = self.claimed

        overdue = self.overdue

        frozen = self.frozen

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "day": day,
                "providerClientId": provider_client_id,
                "requested": requested,
                "requestedXaf": requested_xaf,
                "confirmed": confirmed,
                "confirmedCoins": confirmed_coins,
                "confirmedXaf": confirmed_xaf,
                "failed": failed,
                "expired": expired,
                "released": released,
                "pending": pending,
                "claimed": claimed,
                "overdue": overdue,
                "frozen": frozen,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        day = d.pop("day")

        def _parse_provider_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        provider_client_id = _parse_provider_client_id(d.pop("providerClientId"))

        requested = d.pop("requested")

        requested_xaf = d.pop("requestedXaf")

        confirmed = d.pop("confirmed")

        confirmed_coins = d.pop("confirmedCoins")

        confirmed_xaf = d.pop("confirmedXaf")

        failed = d.pop("failed")

        expired = d.pop("expired")

        released = d.pop("released")

        pending = d.pop("pending")

        claimed = d.pop("claimed")

        overdue = d.pop("overdue")

        frozen = d.pop("frozen")

        get_cashout_reconciliation_response_200_lines_item = cls(
            day=day,
            provider_client_id=provider_client_id,
            requested=requested,
            requested_xaf=requested_xaf,
            confirmed=confirmed,
            confirmed_coins=confirmed_coins,
            confirmed_xaf=confirmed_xaf,
            failed=failed,
            expired=expired,
            released=released,
            pending=pending,
            claimed=claimed,
            overdue=overdue,
            frozen=frozen,
        )

        get_cashout_reconciliation_response_200_lines_item.additional_properties = d
        return get_cashout_reconciliation_response_200_lines_item

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
