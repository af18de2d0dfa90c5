from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetSupplyReportResponse200MismatchedSequencesItem")


@_attrs_define
class GetSupplyReportResponse200MismatchedSequencesItem:
    """
    Attributes:
        wallet_key (str):
        sequence (int):
        last_sequence (int):
        changes (int):
        problem (str):
    """

    wallet_key: str
    sequence: int
    last_sequence: int
    changes: int
    problem: str

    def to_dict(self) -> dict[str, Any]:
        wallet_key = self.wallet_key

        sequence = self.sequence

        last_sequence = self.last_sequence

        changes = self.changes

        problem = self.problem

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "walletKey": wallet_key,
                "sequence": sequence,
                "lastSequence": last_sequence,
                "changes": changes,
                "problem": problem,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        wallet_key = d.pop("walletKey")

        sequence = d.pop("sequence")

        last_sequence = d.pop("lastSequence")

        changes = d.pop("changes")

        problem = d.pop("problem")

        get_supply_report_response_200_mismatched_sequences_item = cls(
            wallet_key=wallet_key,
            sequence=sequence,
            last_sequence=last_sequence,
            changes=changes,
            problem=problem,
        )

        return get_supply_report_response_200_mismatched_sequences_item
