from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.request_unfreeze_response_200_approval import (
        RequestUnfreezeResponse200Approval,
    )
    from ..models.request_unfreeze_response_200_freeze_type_0 import (
        RequestUnfreezeResponse200FreezeType0,
    )


T = TypeVar("T", bound="RequestUnfreezeResponse200")


@_attrs_define
class RequestUnfreezeResponse200:
    """
    Attributes:
        user_id (int):
        frozen (bool):
        freeze (None | RequestUnfreezeResponse200FreezeType0):
        approval (RequestUnfreezeResponse200Approval):
    """

    user_id: int
    frozen: bool
    freeze: None | RequestUnfreezeResponse200FreezeType0
    approval: RequestUnfreezeResponse200Approval

    def to_dict(self) -> dict[str, Any]:
        from ..models.request_unfreeze_response_200_freeze_type_0 import (
            RequestUnfreezeResponse200FreezeType0,
        )

        user_id = self.user_id

        frozen = self.frozen

        freeze: dict[str, Any] | None
        if isinstance(self.freeze, RequestUnfreezeResponse200FreezeType0):
            freeze = self.freeze.to_dict()
        else:
            freeze = self.freeze

        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "frozen": frozen,
                "freeze": freeze,
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.request_unfreeze_response_200_approval import (
            RequestUnfreezeResponse200Approval,
        )
        from ..models.request_unfreeze_response_200_freeze_type_0 import (
            RequestUnfreezeResponse200FreezeType0,
        )

        d = dict(src_dict)
        user_id = d.pop("userId")

        frozen = d.pop("frozen")

        def _parse_freeze(data: object) -> None | RequestUnfreezeResponse200FreezeType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                freeze_type_0 = RequestUnfreezeResponse200FreezeType0.from_dict(data)

                return freeze_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RequestUnfreezeResponse200FreezeType0, data)

        freeze = _parse_freeze(d.pop("freeze"))

        approval = RequestUnfreezeResponse200Approval.from_dict(d.pop("approval"))

        request_unfreeze_response_200 = cls(
            user_id=user_id,
            frozen=frozen,
            freeze=freeze,
            approval=approval,
        )

        return request_unfreeze_response_200
