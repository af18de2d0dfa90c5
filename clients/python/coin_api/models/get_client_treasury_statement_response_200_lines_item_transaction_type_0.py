from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0_from_treasury_type_0 import (
    GetClientTreasuryStatementResponse200LinesItemTransactionType0FromTreasuryType0,
    check_get_client_treasury_statement_response_200_lines_item_transaction_type_0_from_treasury_type_0,
)
from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0_to_treasury_type_0 import (
    GetClientTreasuryStatementResponse200LinesItemTransactionType0ToTreasuryType0,
    check_get_client_treasury_statement_response_200_lines_item_transaction_type_0_to_treasury_type_0,
)
from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0_type import (
    GetClientTreasuryStatementResponse200LinesItemTransactionType0Type,
    check_get_client_treasury_statement_response_200_lines_item_transaction_type_0_type,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0_approval import (
        GetClientTreasuryStatementResponse200LinesItemTransactionType0Approval,
    )
    from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0_metadata import (
        GetClientTreasuryStatementResponse200LinesItemTransactionType0Metadata,
    )


T = TypeVar("T", bound="GetClientTreasuryStatementResponse200LinesItemTransactionType0")


@_attrs_define
class GetClientTreasuryStatementResponse200LinesItemTransactionType0:
    """
    Attributes:
        id (int):
        type_ (GetClientTreasuryStatementResponse200LinesItemTransactionType0Type):
        amount (float): Coins (2 decimals)
        from_user_id (int | None):
        to_user_id (int | None):
        from_treasury (GetClientTreasuryStatementResponse200LinesItemTransactionType0FromTreasuryType0 | None):
        to_treasury (GetClientTreasuryStatementResponse200LinesItemTransactionType0ToTreasuryType0 | None):
        reason (str):
        reference (None | str):
        refund_of (int | None):
        created_at (datetime.datetime):
        approval (GetClientTreasuryStatementResponse200LinesItemTransactionType0Approval | Unset):
        metadata (GetClientTreasuryStatementResponse200LinesItemTransactionType0Metadata | Unset): Key-value metadata:
            at most 20 keys of 1-40 characters [A-Za-z0-9_.-], string values of at most 500 characters without control
            characters
        client_id (str | Unset):
        split_of (int | Unset):
    """

    id: int
    type_: GetClientTreasuryStatementResponse200LinesItemTransactionType0Type
    amount: float
    from_user_id: int | None
    to_user_id: int | None
    from_treasury: (
        GetClientTreasuryStatementResponse200LinesItemTransactionType0FromTreasuryType0
        | None
    )
    to_treasury: (
        GetClientTreasuryStatementResponse200LinesItemTransactionType0ToTreasuryType0
        | None
    )
    reason: str
    reference: None | str
    refund_of: int | None
    created_at: datetime.datetime
    approval: (
        GetClientTreasuryStatementResponse200LinesItemTransactionType0Approval | Unset
    ) = UNSET
    metadata: (
        GetClientTreasuryStatementResponse200LinesItemTransactionType0Metadata | Unset
    ) = UNSET
    client_id: str | Unset = UNSET
    split_of: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        amount = self.amount

        from_user_id: int | None
        from_user_id = self.from_user_id

        to_user_id: int | None
        to_user_id = self.to_user_id

        from_treasury: None | str
        if isinstance(self.from_treasury, str):
            from_treasury = self.from_treasury
        else:
            from_treasury = self.from_treasury

        to_treasury: None | str
        if isinstance(self.to_treasury, str):
            to_treasury = self.to_treasury
        else:
            to_treasury = self.to_treasury

        reason = self.reason

        reference: None | str
        reference = self.reference

        refund_of: int | None
        refund_of = self.refund_of

        created_at = self.created_at.isoformat()

        approval: dict[str, Any] | Unset = UNSET
        if not isinstance(self.approval, Unset):
            approval = self.approval.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        client_id = self.client_id

        split_of = self.split_of

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "amount": amount,
                "fromUserId": from_user_id,
                "toUserId": to_user_id,
                "fromTreasury": from_treasury,
                "toTreasury": to_treasury,
                "reason": reason,
                "reference": reference,
                "refundOf": refund_of,
                "createdAt": created_at,
            }
        )
        if approval is not UNSET:
            field_dict["approval"] = approval
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if client_id is not UNSET:
            field_dict["clientId"] = client_id
        if split_of is not UNSET:
            field_dict["splitOf"] = split_of

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0_approval import (
            GetClientTreasuryStatementResponse200LinesItemTransactionType0Approval,
        )
        from ..models.get_client_treasury_statement_response_200_lines_item_transaction_type_0_metadata import (
            GetClientTreasuryStatementResponse200LinesItemTransactionType0Metadata,
        )

        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_get_client_treasury_statement_response_200_lines_item_transaction_type_0_type(
            d.pop("type")
        )

        amount = d.pop("amount")

        def _parse_from_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        from_user_id = _parse_from_user_id(d.pop("fromUserId"))

        def _parse_to_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_user_id = _parse_to_user_id(d.pop("toUserId"))

        def _parse_from_treasury(
            data: object,
        ) -> (
            GetClientTreasuryStatementResponse200LinesItemTransactionType0FromTreasuryType0
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                from_treasury_type_0 = check_get_client_treasury_statement_response_200_lines_item_transaction_type_0_from_treasury_type_0(
                    data
                )

                return from_treasury_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                GetClientTreasuryStatementResponse200LinesItemTransactionType0FromTreasuryType0
                | None,
                data,
            )

        from_treasury = _parse_from_treasury(d.pop("fromTreasury"))

        def _parse_to_treasury(
            data: object,
        ) -> (
            GetClientTreasuryStatementResponse200LinesItemTransactionType0ToTreasuryType0
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_treasury_type_0 = check_get_client_treasury_statement_response_200_lines_item_transaction_type_0_to_treasury_type_0(
                    data
                )

                return to_treasury_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                GetClientTreasuryStatementResponse200LinesItemTransactionType0ToTreasuryType0
                | None,
                data,
            )

        to_treasury = _parse_to_treasury(d.pop("toTreasury"))

        reason = d.pop("reason")

        def _parse_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reference = _parse_reference(d.pop("reference"))

        def _parse_refund_of(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        refund_of = _parse_refund_of(d.pop("refundOf"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _approval = d.pop("approval", UNSET)
        approval: (
            GetClientTreasuryStatementResponse200LinesItemTransactionType0Approval
            | Unset
        )
        if isinstance(_approval, Unset):
            approval = UNSET
        else:
            approval = GetClientTreasuryStatementResponse200LinesItemTransactionType0Approval.from_dict(
                _approval
            )

        _metadata = d.pop("metadata", UNSET)
        metadata: (
            GetClientTreasuryStatementResponse200LinesItemTransactionType0Metadata
            | Unset
        )
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = GetClientTreasuryStatementResponse200LinesItemTransactionType0Metadata.from_dict(
                _metadata
            )

        client_id = d.pop("clientId", UNSET)

        split_of = d.pop("splitOf", UNSET)

        get_client_treasury_statement_response_200_lines_item_transaction_type_0 = cls(
            id=id,
            type_=type_,
            amount=amount,
            from_user_id=from_user_id,
            to_user_id=to_user_id,
            from_treasury=from_treasury,
            to_treasury=to_treasury,
            reason=reason,
            reference=reference,
            refund_of=refund_of,
            created_at=created_at,
            approval=approval,
            metadata=metadata,
            client_id=client_id,
            split_of=split_of,
        )

        get_client_treasury_statement_response_200_lines_item_transaction_type_0.additional_properties = d
        return get_client_treasury_statement_response_200_lines_item_transaction_type_0

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
