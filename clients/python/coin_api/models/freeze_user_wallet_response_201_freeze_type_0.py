from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.freeze_user_wallet_response_201_freeze_type_0_frozen_by import (
        FreezeUserWalletResponse201FreezeType0FrozenBy,
    )
    from ..models.freeze_user_wallet_response_201_freeze_type_0_unfreeze_request_type_0 import (
        FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0,
    )


T = TypeVar("T", bound="FreezeUserWalletResponse201FreezeType0")


@_attrs_define
class FreezeUserWalletResponse201FreezeType0:
    """
    Attributes:
        user_id (int):
        reason (str):
        case_id (None | str):
        frozen_by (FreezeUserWalletResponse201FreezeType0FrozenBy):
        frozen_at (datetime.datetime):
        unfreeze_request (FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0 | None): The latest request to lift
            the freeze, pending or lapsed (null: none, or the last one was rejected)
    """

    user_id: int
    reason: str
    case_id: None | str
    frozen_by: FreezeUserWalletResponse201FreezeType0FrozenBy
    frozen_at: datetime.datetime
    unfreeze_request: FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.freeze_user_wallet_response_201_freeze_type_0_unfreeze_request_type_0 import (
            FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0,
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
            FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0,
        ):
            unfreeze_request = self.unfreeze_request.to_dict()
        else:
            unfreeze_request = self.unfreeze_request

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "reason": reason,
                "caseId": case_id,
                "frozenBy": frozen_by,
                "frozenAt": frozen_at,
                "unfreezeRequest": unfreeze_request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.freeze_user_wallet_response_201_freeze_type_0_frozen_by import (
            FreezeUserWalletResponse201FreezeType0FrozenBy,
        )
        from ..models.freeze_user_wallet_response_201_freeze_type_0_unfreeze_request_type_0 import (
            FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0,
        )

        d = dict(src_dict)
        user_id = d.pop("userId")

        reason = d.pop("reason")

        def _parse_case_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        case_id = _parse_case_id(d.pop("caseId"))

        frozen_by = FreezeUserWalletResponse201FreezeType0FrozenBy.from_dict(
            d.pop("frozenBy")
        )

        frozen_at = datetime.datetime.fromisoformat(d.pop("frozenAt"))

        def _parse_unfreeze_request(
            data: object,
        ) -> FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                unfreeze_request_type_0 = FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0.from_dict(
                    data
                )

                return unfreeze_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                FreezeUserWalletResponse201FreezeType0UnfreezeRequestType0 | None, data
            )

        unfreeze_request = _parse_unfreeze_request(d.pop("unfreezeRequest"))

        freeze_user_wallet_response_201_freeze_type_0 = cls(
            user_id=user_id,
            reason=reason,
            case_id=case_id,
            frozen_by=frozen_by,
            frozen_at=frozen_at,
            unfreeze_request=unfreeze_request,
        )

        return freeze_user_wallet_response_201_freeze_type_0
