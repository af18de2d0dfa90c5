from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.audit_log_entry_type_0 import AuditLogEntryType0
    from ..models.audit_log_entry_type_1 import AuditLogEntryType1


T = TypeVar("T", bound="ListAuditLogResponse200")


@_attrs_define
class ListAuditLogResponse200:
    """
    Attributes:
        entries (list[AuditLogEntryType0 | AuditLogEntryType1]):
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
    """

    entries: list[AuditLogEntryType0 | AuditLogEntryType1]
    next_cursor: None | str
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_log_entry_type_0 import AuditLogEntryType0

        entries = []
        for entries_item_data in self.entries:
            entries_item: dict[str, Any]
            if isinstance(entries_item_data, AuditLogEntryType0):
                entries_item = entries_item_data.to_dict()
            else:
                entries_item = entries_item_data.to_dict()

            entries.append(entries_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entries": entries,
                "nextCursor": next_cursor,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audit_log_entry_type_0 import AuditLogEntryType0
        from ..models.audit_log_entry_type_1 import AuditLogEntryType1

        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:

            def _parse_entries_item(
                data: object,
            ) -> AuditLogEntryType0 | AuditLogEntryType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_audit_log_entry_type_0 = (
                        AuditLogEntryType0.from_dict(data)
                    )

                    return componentsschemas_audit_log_entry_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_audit_log_entry_type_1 = AuditLogEntryType1.from_dict(
                    data
                )

                return componentsschemas_audit_log_entry_type_1

            entries_item = _parse_entries_item(entries_item_data)

            entries.append(entries_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        has_more = d.pop("hasMore")

        list_audit_log_response_200 = cls(
            entries=entries,
            next_cursor=next_cursor,
            has_more=has_more,
        )

        return list_audit_log_response_200
