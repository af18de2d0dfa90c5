from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.request_reward_cap_change_response_202_reward_cap_request_status import (
    RequestRewardCapChangeResponse202RewardCapRequestStatus,
    check_request_reward_cap_change_response_202_reward_cap_request_status,
)

if TYPE_CHECKING:
    from ..models.request_reward_cap_change_response_202_reward_cap_request_act import (
        RequestRewardCapChangeResponse202RewardCapRequestAct,
    )
    from ..models.request_reward_cap_change_response_202_reward_cap_request_decided_by_type_0 import (
        RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0,
    )
    from ..models.request_reward_cap_change_response_202_reward_cap_request_requested_by import (
        RequestRewardCapChangeResponse202RewardCapRequestRequestedBy,
    )


T = TypeVar("T", bound="RequestRewardCapChangeResponse202RewardCapRequest")


@_attrs_define
class RequestRewardCapChangeResponse202RewardCapRequest:
    """
    Attributes:
        id (UUID):
        status (RequestRewardCapChangeResponse202RewardCapRequestStatus):
        act (RequestRewardCapChangeResponse202RewardCapRequestAct):
        requested_by (RequestRewardCapChangeResponse202RewardCapRequestRequestedBy):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        decided_by (None | RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0):
        decided_at (datetime.datetime | None):
        rejection_reason (None | str):
    """

    id: UUID
    status: RequestRewardCapChangeResponse202RewardCapRequestStatus
    act: RequestRewardCapChangeResponse202RewardCapRequestAct
    requested_by: RequestRewardCapChangeResponse202RewardCapRequestRequestedBy
    created_at: datetime.datetime
    expires_at: datetime.datetime
    decided_by: None | RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0
    decided_at: datetime.datetime | None
    rejection_reason: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.request_reward_cap_change_response_202_reward_cap_request_decided_by_type_0 import (
            RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0,
        )

        id = str(self.id)

        status: str = self.status

        act = self.act.to_dict()

        requested_by = self.requested_by.to_dict()

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        decided_by: dict[str, Any] | None
        if isinstance(
            self.decided_by,
            RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0,
        ):
            decided_by = self.decided_by.to_dict()
        else:
            decided_by = self.decided_by

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        rejection_reason: None | str
        rejection_reason = self.rejection_reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "act": act,
                "requestedBy": requested_by,
                "createdAt": created_at,
                "expiresAt": expires_at,
                "decidedBy": decided_by,
                "decidedAt": decided_at,
                "rejectionReason": rejection_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.request_reward_cap_change_response_202_reward_cap_request_act import (
            RequestRewardCapChangeResponse202RewardCapRequestAct,
        )
        from ..models.request_reward_cap_change_response_202_reward_cap_request_decided_by_type_0 import (
            RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0,
        )
        from ..models.request_reward_cap_change_response_202_reward_cap_request_requested_by import (
            RequestRewardCapChangeResponse202RewardCapRequestRequestedBy,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = check_request_reward_cap_change_response_202_reward_cap_request_status(
            d.pop("status")
        )

        act = RequestRewardCapChangeResponse202RewardCapRequestAct.from_dict(
            d.pop("act")
        )

        requested_by = (
            RequestRewardCapChangeResponse202RewardCapRequestRequestedBy.from_dict(
                d.pop("requestedBy")
            )
        )

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        def _parse_decided_by(
            data: object,
        ) -> None | RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decided_by_type_0 = RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0.from_dict(
                    data
                )

                return decided_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None | RequestRewardCapChangeResponse202RewardCapRequestDecidedByType0,
                data,
            )

        decided_by = _parse_decided_by(d.pop("decidedBy"))

        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = datetime.datetime.fromisoformat(data)

                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decidedAt"))

        def _parse_rejection_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rejection_reason = _parse_rejection_reason(d.pop("rejectionReason"))

        request_reward_cap_change_response_202_reward_cap_request = cls(
            id=id,
            status=status,
            act=act,
            requested_by=requested_by,
            created_at=created_at,
            expires_at=expires_at,
            decided_by=decided_by,
            decided_at=decided_at,
            rejection_reason=rejection_reason,
        )

        return request_reward_cap_change_response_202_reward_cap_request
