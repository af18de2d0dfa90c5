from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_supply_report_response_200_bad_captures_item import (
        GetSupplyReportResponse200BadCapturesItem,
    )
    from ..models.get_supply_report_response_200_credit_legs import (
        GetSupplyReportResponse200CreditLegs,
    )
    from ..models.get_supply_report_response_200_mismatched_holds_item import (
        GetSupplyReportResponse200MismatchedHoldsItem,
    )
    from ..models.get_supply_report_response_200_mismatched_sequences_item import (
        GetSupplyReportResponse200MismatchedSequencesItem,
    )
    from ..models.get_supply_report_response_200_mismatched_wallets_item import (
        GetSupplyReportResponse200MismatchedWalletsItem,
    )


T = TypeVar("T", bound="GetSupplyReportResponse200")


@_attrs_define
class GetSupplyReportResponse200:
    """
    Attributes:
        minted (float): Coins (2 decimals)
        burned (float): Coins (2 decimals)
        supply (float): Coins (2 decimals)
        balances (float): Coins (2 decimals)
        in_flight (float): Coins (2 decimals)
        credit_legs (GetSupplyReportResponse200CreditLegs):
        discrepancy (float): Coins (2 decimals)
        wallets (int):
        transactions (int):
        mismatched_wallets (list[GetSupplyReportResponse200MismatchedWalletsItem]):
        over_refunded_purchases (list[int]):
        held_coins (float): Coins (2 decimals)
        mismatched_holds (list[GetSupplyReportResponse200MismatchedHoldsItem]):
        bad_captures (list[GetSupplyReportResponse200BadCapturesItem]):
        mismatched_sequences (list[GetSupplyReportResponse200MismatchedSequencesItem]):
        consistent (bool):
    """

    minted: float
    burned: float
    supply: float
    balances: float
    in_flight: float
    credit_legs: GetSupplyReportResponse200CreditLegs
    discrepancy: float
    wallets: int
    transactions: int
    mismatched_wallets: list[GetSupplyReportResponse200MismatchedWalletsItem]
    over_refunded_purchases: list[int]
    held_coins: float
    mismatched_holds: list[GetSupplyReportResponse200MismatchedHoldsItem]
    bad_captures: list[GetSupplyReportResponse200BadCapturesItem]
    mismatched_sequences: list[GetSupplyReportResponse200MismatchedSequencesItem]
    consistent: bool

    def to_dict(self) -> dict[str, Any]:
        minted = self.minted

        burned = self.burned

        supply = self.supply

        balances = self.balances

        in_flight = self.in_flight

        credit_legs = self.credit_legs.to_dict()

        discrepancy = self.discrepancy

        wallets = self.wallets

        transactions = self.transactions

        mismatched_wallets = []
        for mismatched_wallets_item_data in self.mismatched_wallets:
            mismatched_wallets_item = mismatched_wallets_item_data.to_dict()
            mismatched_wallets.append(mismatched_wallets_item)

        over_refunded_purchases = self.over_refunded_purchases

        held_coins = self.held_coins

        mismatched_holds = []
        for mismatched_holds_item_data in self.mismatched_holds:
            mismatched_holds_item = mismatched_holds_item_data.to_dict()
            mismatched_holds.append(mismatched_holds_item)

        bad_captures = []
        for bad_captures_item_data in self.bad_captures:
            bad_captures_item = bad_captures_item_data.to_dict()
            bad_captures.append(bad_captures_item)

        mismatched_sequences = []
        for mismatched_sequences_item_data in self.mismatched_sequences:
            mismatched_sequences_item = mismatched_sequences_item_data.to_dict()
            mismatched_sequences.append(mismatched_sequences_item)

        consistent = self.consistent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "minted": minted,
                "burned": burned,
                "supply": supply,
                "balances": balances,
                "inFlight": in_flight,
                "creditLegs": credit_legs,
                "discrepancy": discrepancy,
                "wallets": wallets,
                "transactions": transactions,
                "mismatchedWallets": mismatched_wallets,
                "overRefundedPurchases": over_refunded_purchases,
                "heldCoins": held_coins,
                "mismatchedHolds": mismatched_holds,
                "badCaptures": bad_captures,
                "mismatchedSequences": mismatched_sequences,
                "consistent": consistent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_supply_report_response_200_bad_captures_item import (
            GetSupplyReportResponse200BadCapturesItem,
        )
        from ..models.get_supply_report_response_200_credit_legs import (
            GetSupplyReportResponse200CreditLegs,
        )
        from ..models.get_supply_report_response_200_mismatched_holds_item import (
            GetSupplyReportResponse200MismatchedHoldsItem,
        )
        from ..models.get_supply_report_response_200_mismatched_sequences_item import (
            GetSupplyReportResponse200MismatchedSequencesItem,
        )
        from ..models.get_supply_report_response_200_mismatched_wallets_item import (
            GetSupplyReportResponse200MismatchedWalletsItem,
        )

        d = dict(src_dict)
        minted = d.pop("minted")

        burned = d.pop("burned")

        supply = d.pop("supply")

        balances = d.pop("balances")

        in_flight = d.pop("inFlight")

        credit_legs = GetSupplyReportResponse200CreditLegs.from_dict(
            d.pop("creditLegs")
        )

        discrepancy = d.pop("discrepancy")

        wallets = d.pop("wallets")

        transactions = d.pop("transactions")

        mismatched_wallets = []
        _mismatched_wallets = d.pop("mismatchedWallets")
        for mismatched_wallets_item_data in _mismatched_wallets:
            mismatched_wallets_item = (
                GetSupplyReportResponse200MismatchedWalletsItem.from_dict(
                    mismatched_wallets_item_data
                )
            )

            mismatched_wallets.append(mismatched_wallets_item)

        over_refunded_purchases = cast(list[int], d.pop("overRefundedPurchases"))

        held_coins = d.pop("heldCoins")

        mismatched_holds = []
        _mismatched_holds = d.pop("mismatchedHolds")
        for mismatched_holds_item_data in _mismatched_holds:
            mismatched_holds_item = (
                GetSupplyReportResponse200MismatchedHoldsItem.from_dict(
                    mismatched_holds_item_data
                )
            )

            mismatched_holds.append(mismatched_holds_item)

        bad_captures = []
        _bad_captures = d.pop("badCaptures")
        for bad_captures_item_data in _bad_captures:
            bad_captures_item = GetSupplyReportResponse200BadCapturesItem.from_dict(
                bad_captures_item_data
            )

            bad_captures.append(bad_captures_item)

        mismatched_sequences = []
        _mismatched_sequences = d.pop("mismatchedSequences")
        for mismatched_sequences_item_data in _mismatched_sequences:
            mismatched_sequences_item = (
                GetSupplyReportResponse200MismatchedSequencesItem.from_dict(
                    mismatched_sequences_item_data
                )
            )

            mismatched_sequences.append(mismatched_sequences_item)

        consistent = d.pop("consistent")

        get_supply_report_response_200 = cls(
            minted=minted,
            burned=burned,
            supply=supply,
            balances=balances,
            in_flight=in_flight,
            credit_legs=credit_legs,
            discrepancy=discrepancy,
            wallets=wallets,
            transactions=transactions,
            mismatched_wallets=mismatched_wallets,
            over_refunded_purchases=over_refunded_purchases,
            held_coins=held_coins,
            mismatched_holds=mismatched_holds,
            bad_captures=bad_captures,
            mismatched_sequences=mismatched_sequences,
            consistent=consistent,
        )

        return get_supply_report_response_200
