from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FreezeUserWalletBody")


@_attrs_define
class FreezeUserWalletBody:
    """
    Attributes:
        reason (str): Why the wallet is frozen (shown to ADMIN+ only, never to its owner)
        case_id (str | Unset): The monitoring case behind the freeze, if any
    """

    reason: str
    case_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        case_id = self.case_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
            }
        )
        if case_id is not UNSET:
            field_dict["caseId"] = case_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        reason = d.pop("reason")

        case_id = d.pop("caseId", UNSET)

        freeze_user_wallet_body = cls(
            reason=reason,
            case_id=case_id,
        )

        return freeze_user_wallet_body
