from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.reject_reward_cap_request_response_200_reward_cap_request_status import (
    RejectRewardCapRequestResponse200RewardCapRequestStatus,
    check_reject_reward_cap_request_response_200_reward_cap_request_status,
)

if TYPE_CHECKING:
    from ..models.reject_reward_cap_request_response_200_reward_cap_request_act import (
        RejectRewardCapRequestResponse200RewardCapRequestAct,
    )
    from ..models.reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0 import (
        RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0,
    )
    from ..models.reject_reward_cap_request_response_200_reward_cap_request_requested_by import (
        RejectRewardCapRequestResponse200RewardCapRequestRequestedBy,
    )


T = TypeVar("T", bound="RejectRewardCapRequestResponse200RewardCapRequest")


@_attrs_define
class RejectRewardCapRequestResponse200RewardCapRequest:
    """
    Attributes:
        id (UUID):
        status (RejectRewardCapRequestResponse200RewardCapRequestStatus):
        act (RejectRewardCapRequestResponse200RewardCapRequestAct):
        requested_by (RejectRewardCapRequestResponse200RewardCapRequestRequestedBy):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        decided_by (None | RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0):
        decided_at (datetime.datetime | None):
        rejection_reason (None | str):
    """

    id: UUID
    status: RejectRewardCapRequestResponse200RewardCapRequestStatus
    act: RejectRewardCapRequestResponse200RewardCapRequestAct
    requested_by: RejectRewardCapRequestResponse200RewardCapRequestRequestedBy
    created_at: datetime.datetime
    expires_at: datetime.datetime
    decided_by: None | RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0
    decided_at: datetime.datetime | None
    rejection_reason: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0 import (
            RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0,
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
            RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0,
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
        from ..models.reject_reward_cap_request_response_200_reward_cap_request_act import (
            RejectRewardCapRequestResponse200RewardCapRequestAct,
        )
        from ..models.reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0 import (
            RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0,
        )
        from ..models.reject_reward_cap_request_response_200_reward_cap_request_requested_by import (
            RejectRewardCapRequestResponse200RewardCapRequestRequestedBy,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = check_reject_reward_cap_request_response_200_reward_cap_request_status(
            d.pop("status")
        )

        act = RejectRewardCapRequestResponse200RewardCapRequestAct.from_dict(
            d.pop("act")
        )

        requested_by = (
            RejectRewardCapRequestResponse200RewardCapRequestRequestedBy.from_dict(
                d.pop("requestedBy")
            )
        )

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        def _parse_decided_by(
            data: object,
        ) -> None | RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decided_by_type_0 = RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0.from_dict(
                    data
                )

                return decided_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None | RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0,
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

        reject_reward_cap_request_response_200_reward_cap_request = cls(
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

        return reject_reward_cap_request_response_200_reward_cap_request
