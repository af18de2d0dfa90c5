from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.freeze_user_wallet_response_201_freeze_type_0 import (
        FreezeUserWalletResponse201FreezeType0,
    )


T = TypeVar("T", bound="FreezeUserWalletResponse201")


@_attrs_define
class FreezeUserWalletResponse201:
    """
    Attributes:
        user_id (int):
        frozen (bool):
        freeze (FreezeUserWalletResponse201FreezeType0 | None):
    """

    user_id: int
    frozen: bool
    freeze: FreezeUserWalletResponse201FreezeType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.freeze_user_wallet_response_201_freeze_type_0 import (
            FreezeUserWalletResponse201FreezeType0,
        )

        user_id = self.user_id

        frozen = self.frozen

        freeze: dict[str, Any] | None
        if isinstance(self.freeze, FreezeUserWalletResponse201FreezeType0):
            freeze = self.freeze.to_dict()
        else:
            freeze = self.freeze

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "frozen": frozen,
                "freeze": freeze,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.freeze_user_wallet_response_201_freeze_type_0 import (
            FreezeUserWalletResponse201FreezeType0,
        )

        d = dict(src_dict)
        user_id = d.pop("userId")

        frozen = d.pop("frozen")

        def _parse_freeze(
            data: object,
        ) -> FreezeUserWalletResponse201FreezeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                freeze_type_0 = FreezeUserWalletResponse201FreezeType0.from_dict(data)

                return freeze_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FreezeUserWalletResponse201FreezeType0 | None, data)

        freeze = _parse_freeze(d.pop("freeze"))

        freeze_user_wallet_response_201 = cls(
            user_id=user_id,
            frozen=frozen,
            freeze=freeze,
        )

        return freeze_user_wallet_response_201
