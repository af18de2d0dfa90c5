from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.set_user_limits_response_200_role import (
    SetUserLimitsResponse200Role,
    check_set_user_limits_response_200_role,
)

if TYPE_CHECKING:
    from ..models.set_user_limits_response_200_defaults import (
        SetUserLimitsResponse200Defaults,
    )
    from ..models.set_user_limits_response_200_limits import (
        SetUserLimitsResponse200Limits,
    )
    from ..models.set_user_limits_response_200_overrides import (
        SetUserLimitsResponse200Overrides,
    )
    from ..models.set_user_limits_response_200_usage import (
        SetUserLimitsResponse200Usage,
    )


T = TypeVar("T", bound="SetUserLimitsResponse200")


@_attrs_define
class SetUserLimitsResponse200:
    """
    Attributes:
        user_id (int):
        role (SetUserLimitsResponse200Role):
        limits (SetUserLimitsResponse200Limits):
        defaults (SetUserLimitsResponse200Defaults):
        overrides (SetUserLimitsResponse200Overrides):
        usage (SetUserLimitsResponse200Usage):
        resets_at (datetime.datetime | None): When the oldest counted debit leaves the window; null when nothing is
            counted
    """

    user_id: int
    role: SetUserLimitsResponse200Role
    limits: SetUserLimitsResponse200Limits
    defaults: SetUserLimitsResponse200Defaults
    overrides: SetUserLimitsResponse200Overrides
    usage: SetUserLimitsResponse200Usage
    resets_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        role: str = self.role

        limits = self.limits.to_dict()

        defaults = self.defaults.to_dict()

        overrides = self.overrides.to_dict()

        usage = self.usage.to_dict()

        resets_at: None | str
        if isinstance(self.resets_at, datetime.datetime):
            resets_at = self.resets_at.isoformat()
        else:
            resets_at = self.resets_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "role": role,
                "limits": limits,
                "defaults": defaults,
                "overrides": overrides,
                "usage": usage,
                "resetsAt": resets_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.set_user_limits_response_200_defaults import (
            SetUserLimitsResponse200Defaults,
        )
        from ..models.set_user_limits_response_200_limits import (
            SetUserLimitsResponse200Limits,
        )
        from ..models.set_user_limits_response_200_overrides import (
            SetUserLimitsResponse200Overrides,
        )
        from ..models.set_user_limits_response_200_usage import (
            SetUserLimitsResponse200Usage,
        )

        d = dict(src_dict)
        user_id = d.pop("userId")

        role = check_set_user_limits_response_200_role(d.pop("role"))

        limits = SetUserLimitsResponse200Limits.from_dict(d.pop("limits"))

        defaults = SetUserLimitsResponse200Defaults.from_dict(d.pop("defaults"))

        overrides = SetUserLimitsResponse200Overrides.from_dict(d.pop("overrides"))

        usage = SetUserLimitsResponse200Usage.from_dict(d.pop("usage"))

        def _parse_resets_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resets_at_type_0 = datetime.datetime.fromisoformat(data)

                return resets_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        resets_at = _parse_resets_at(d.pop("resetsAt"))

        set_user_limits_response_200 = cls(
            user_id=user_id,
            role=role,
            limits=limits,
            defaults=defaults,
            overrides=overrides,
            usage=usage,
            resets_at=resets_at,
        )

        return set_user_limits_response_200
