from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_wallet_freezes_response_200_freezes_item_unfreeze_status import (
    ListWalletFreezesResponse200FreezesItemUnfreezeStatus,
    check_list_wallet_freezes_response_200_freezes_item_unfreeze_status,
)

if TYPE_CHECKING:
    from ..models.list_wallet_freezes_response_200_freezes_item_frozen_by import (
        ListWalletFreezesResponse200FreezesItemFrozenBy,
    )
    from ..models.list_wallet_freezes_response_200_freezes_item_unfreeze_request_type_0 import (
        ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0,
    )


T = TypeVar("T", bound="ListWalletFreezesResponse200FreezesItem")


@_attrs_define
class ListWalletFreezesResponse200FreezesItem:
    """
    Attributes:
        user_id (int):
        reason (str):
        case_id (None | str):
        frozen_by (ListWalletFreezesResponse200FreezesItemFrozenBy):
        frozen_at (datetime.datetime):
        unfreeze_request (ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0 | None): The latest request to
            lift the freeze, pending or lapsed (null: none, or the last one was rejected)
        unfreeze_status (ListWalletFreezesResponse200FreezesItemUnfreezeStatus):
        unfreeze_expires_at (datetime.datetime | None): When the unfreeze request lapses (or lapsed); null without one
    """

    user_id: int
    reason: str
    case_id: None | str
    frozen_by: ListWalletFreezesResponse200FreezesItemFrozenBy
    frozen_at: datetime.datetime
    unfreeze_request: ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0 | None
    unfreeze_status: ListWalletFreezesResponse200FreezesItemUnfreezeStatus
    unfreeze_expires_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_wallet_freezes_response_200_freezes_item_unfreeze_request_type_0 import (
            ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0,
        )

        user_id = self.user_id

        reason = self.reason

        case_id: None | str
        case_id = self.case_id

        frozen_by = self.frozen_by.to_dict()

        frozen_at = self.frozen_at.isoformat()

        unfreeze_request: dict[str, Any] | None
        if isinstance(
            self.unfreeze_request,
            ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0,
        ):
            unfreeze_request = self.unfreeze_request.to_dict()
        else:
            unfreeze_request = self.unfreeze_request

        unfreeze_status: str = self.unfreeze_status

        unfreeze_expires_at: None | str
        if isinstance(self.unfreeze_expires_at, datetime.datetime):
            unfreeze_expires_at = self.unfreeze_expires_at.isoformat()
        else:
            unfreeze_expires_at = self.unfreeze_expires_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "reason": reason,
                "caseId": case_id,
                "frozenBy": frozen_by,
                "frozenAt": frozen_at,
                "unfreezeRequest": unfreeze_request,
                "unfreezeStatus": unfreeze_status,
                "unfreezeExpiresAt": unfreeze_expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_wallet_freezes_response_200_freezes_item_frozen_by import (
            ListWalletFreezesResponse200FreezesItemFrozenBy,
        )
        from ..models.list_wallet_freezes_response_200_freezes_item_unfreeze_request_type_0 import (
            ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0,
        )

        d = dict(src_dict)
        user_id = d.pop("userId")

        reason = d.pop("reason")

        def _parse_case_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        case_id = _parse_case_id(d.pop("caseId"))

        frozen_by = ListWalletFreezesResponse200FreezesItemFrozenBy.from_dict(
            d.pop("frozenBy")
        )

        frozen_at = datetime.datetime.fromisoformat(d.pop("frozenAt"))

        def _parse_unfreeze_request(
            data: object,
        ) -> ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                unfreeze_request_type_0 = ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0.from_dict(
                    data
                )

                return unfreeze_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ListWalletFreezesResponse200FreezesItemUnfreezeRequestType0 | None, data
            )

        unfreeze_request = _parse_unfreeze_request(d.pop("unfreezeRequest"))

        unfreeze_status = (
            check_list_wallet_freezes_response_200_freezes_item_unfreeze_status(
                d.pop("unfreezeStatus")
            )
        )

        def _parse_unfreeze_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unfreeze_expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return unfreeze_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        unfreeze_expires_at = _parse_unfreeze_expires_at(d.pop("unfreezeExpiresAt"))

        list_wallet_freezes_response_200_freezes_item = cls(
            user_id=user_id,
            reason=reason,
            case_id=case_id,
            frozen_by=frozen_by,
            frozen_at=frozen_at,
            unfreeze_request=unfreeze_request,
            unfreeze_status=unfreeze_status,
            unfreeze_expires_at=unfreeze_expires_at,
        )

        return list_wallet_freezes_response_200_freezes_item
