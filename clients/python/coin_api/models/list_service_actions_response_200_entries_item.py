from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.list_service_actions_response_200_entries_item_result import (
    ListServiceActionsResponse200EntriesItemResult,
    check_list_service_actions_response_200_entries_item_result,
)

if TYPE_CHECKING:
    from ..models.list_service_actions_response_200_entries_item_actor import (
        ListServiceActionsResponse200EntriesItemActor,
    )
    from ..models.list_service_actions_response_200_entries_item_summary import (
        ListServiceActionsResponse200EntriesItemSummary,
    )


T = TypeVar("T", bound="ListServiceActionsResponse200EntriesItem")


@_attrs_define
class ListServiceActionsResponse200EntriesItem:
    """
    Attributes:
        id (UUID):
        at (datetime.datetime):
        source (str):
        actor (ListServiceActionsResponse200EntriesItemActor):
        action (str):
        target (str):
        summary (ListServiceActionsResponse200EntriesItemSummary):
        result (ListServiceActionsResponse200EntriesItemResult):
        error_code (None):
        request_id (None | str):
        seq (int): Its place in the log (one total order of admin actions)
        hash_ (str): sha256 of the previous entry hash and this record (canonical JSON): npm run audit verifies the
            chain
    """

    id: UUID
    at: datetime.datetime
    source: str
    actor: ListServiceActionsResponse200EntriesItemActor
    action: str
    target: str
    summary: ListServiceActionsResponse200EntriesItemSummary
    result: ListServiceActionsResponse200EntriesItemResult
    error_code: None
    request_id: None | str
    seq: int
    hash_: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        at = self.at.isoformat()

        source = self.source

        actor = self.actor.to_dict()

        action = self.action

        target = self.target

        summary = self.summary.to_dict()

        result: str = self.result

        error_code = self.error_code

        request_id: None | str
        request_id = self.request_id

        seq = self.seq

        hash_ = self.hash_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "at": at,
                "source": source,
                "actor": actor,
                "action": action,
                "target": target,
                "summary": summary,
                "result": result,
                "errorCode": error_code,
                "requestId": request_id,
                "seq": seq,
                "hash": hash_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_service_actions_response_200_entries_item_actor import (
            ListServiceActionsResponse200EntriesItemActor,
        )
        from ..models.list_service_actions_response_200_entries_item_summary import (
            ListServiceActionsResponse200EntriesItemSummary,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        source = d.pop("source")

        actor = ListServiceActionsResponse200EntriesItemActor.from_dict(d.pop("actor"))

        action = d.pop("action")

        target = d.pop("target")

        summary = ListServiceActionsResponse200EntriesItemSummary.from_dict(
            d.pop("summary")
        )

        result = check_list_service_actions_response_200_entries_item_result(
            d.pop("result")
        )

        error_code = d.pop("errorCode")

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("requestId"))

        seq = d.pop("seq")

        hash_ = d.pop("hash")

        list_service_actions_response_200_entries_item = cls(
            id=id,
            at=at,
            source=source,
            actor=actor,
            action=action,
            target=target,
            summary=summary,
            result=result,
            error_code=error_code,
            request_id=request_id,
            seq=seq,
            hash_=hash_,
        )

        return list_service_actions_response_200_entries_item
