from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_user_response_200_role import (
    GetUserResponse200Role,
    check_get_user_response_200_role,
)

if TYPE_CHECKING:
    from ..models.get_user_response_200_wallet import GetUserResponse200Wallet


T = TypeVar("T", bound="GetUserResponse200")


@_attrs_define
class GetUserResponse200:
    """
    Attributes:
        id (int):
        email (str):
        full_name (str):
        role (GetUserResponse200Role):
        is_verified (bool):
        created_at (datetime.datetime):
        wallet (GetUserResponse200Wallet):
    """

    id: int
    email: str
    full_name: str
    role: GetUserResponse200Role
    is_verified: bool
    created_at: datetime.datetime
    wallet: GetUserResponse200Wallet

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        full_name = self.full_name

        role: str = self.role

        is_verified = self.is_verified

        created_at = self.created_at.isoformat()

        wallet = self.wallet.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "fullName": full_name,
                "role": role,
                "isVerified": is_verified,
                "createdAt": created_at,
                "wallet": wallet,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_user_response_200_wallet import GetUserResponse200Wallet

        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        full_name = d.pop("fullName")

        role = check_get_user_response_200_role(d.pop("role"))

        is_verified = d.pop("isVerified")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        wallet = GetUserResponse200Wallet.from_dict(d.pop("wallet"))

        get_user_response_200 = cls(
            id=id,
            email=email,
            full_name=full_name,
            role=role,
            is_verified=is_verified,
            created_at=created_at,
            wallet=wallet,
        )

        return get_user_response_200
