from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.grant_request_decided_by_type_0_kind import (
    GrantRequestDecidedByType0Kind,
    check_grant_request_decided_by_type_0_kind,
)
from ..models.grant_request_decided_by_type_0_role import (
    GrantRequestDecidedByType0Role,
    check_grant_request_decided_by_type_0_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="GrantRequestDecidedByType0")


@_attrs_define
class GrantRequestDecidedByType0:
    """
    Attributes:
        kind (GrantRequestDecidedByType0Kind):
        id (str):
        role (GrantRequestDecidedByType0Role | Unset):
    """

    kind: GrantRequestDecidedByType0Kind
    id: str
    role: GrantRequestDecidedByType0Role | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        id = self.id

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_grant_request_decided_by_type_0_kind(d.pop("kind"))

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: GrantRequestDecidedByType0Role | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_grant_request_decided_by_type_0_role(_role)

        grant_request_decided_by_type_0 = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return grant_request_decided_by_type_0
