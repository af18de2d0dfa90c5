from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_monitoring_case_response_200_case import (
        GetMonitoringCaseResponse200Case,
    )
    from ..models.get_monitoring_case_response_200_flows_item import (
        GetMonitoringCaseResponse200FlowsItem,
    )
    from ..models.get_monitoring_case_response_200_notes_item import (
        GetMonitoringCaseResponse200NotesItem,
    )
    from ..models.get_monitoring_case_response_200_transactions_item import (
        GetMonitoringCaseResponse200TransactionsItem,
    )


T = TypeVar("T", bound="GetMonitoringCaseResponse200")


@_attrs_define
class GetMonitoringCaseResponse200:
    """
    Attributes:
        case (GetMonitoringCaseResponse200Case):
        transactions (list[GetMonitoringCaseResponse200TransactionsItem]):
        notes (list[GetMonitoringCaseResponse200NotesItem]):
        flows (list[GetMonitoringCaseResponse200FlowsItem]):
    """

    case: GetMonitoringCaseResponse200Case
    transactions: list[GetMonitoringCaseResponse200TransactionsItem]
    notes: list[GetMonitoringCaseResponse200NotesItem]
    flows: list[GetMonitoringCaseResponse200FlowsItem]

    def to_dict(self) -> dict[str, Any]:
        case = self.case.to_dict()

        transactions = []
        for transactions_item_data in self.transactions:
            transactions_item = transactions_item_data.to_dict()
            transactions.append(transactions_item)

        notes = []
        for notes_item_data in self.notes:
            notes_item = notes_item_data.to_dict()
            notes.append(notes_item)

        flows = []
        for flows_item_data in self.flows:
            flows_item = flows_item_data.to_dict()
            flows.append(flows_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "case": case,
                "transactions": transactions,
                "notes": notes,
                "flows": flows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_monitoring_case_response_200_case import (
            GetMonitoringCaseResponse200Case,
        )
        from ..models.get_monitoring_case_response_200_flows_item import (
            GetMonitoringCaseResponse200FlowsItem,
        )
        from ..models.get_monitoring_case_response_200_notes_item import (
            GetMonitoringCaseResponse200NotesItem,
        )
        from ..models.get_monitoring_case_response_200_transactions_item import (
            GetMonitoringCaseResponse200TransactionsItem,
        )

        d = dict(src_dict)
        case = GetMonitoringCaseResponse200Case.from_dict(d.pop("case"))

        transactions = []
        _transactions = d.pop("transactions")
        for transactions_item_data in _transactions:
            transactions_item = GetMonitoringCaseResponse200TransactionsItem.from_dict(
                transactions_item_data
            )

            transactions.append(transactions_item)

        notes = []
        _notes = d.pop("notes")
        for notes_item_data in _notes:
            notes_item = GetMonitoringCaseResponse200NotesItem.from_dict(
                notes_item_data
            )

            notes.append(notes_item)

        flows = []
        _flows = d.pop("flows")
        for flows_item_data in _flows:
            flows_item = GetMonitoringCaseResponse200FlowsItem.from_dict(
                flows_item_data
            )

            flows.append(flows_item)

        get_monitoring_case_response_200 = cls(
            case=case,
            transactions=transactions,
            notes=notes,
            flows=flows,
        )

        return get_monitoring_case_response_200
