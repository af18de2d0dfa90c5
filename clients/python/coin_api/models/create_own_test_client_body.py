from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_own_test_client_body_treasuries_item import (
    CreateOwnTestClientBodyTreasuriesItem,
    check_create_own_test_client_body_treasuries_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateOwnTestClientBody")


@_attrs_define
class CreateOwnTestClientBody:
    """
    Attributes:
        name (str): One line of text: no control characters, no lone surrogates; surrounding spaces are dropped
        treasuries (list[CreateOwnTestClientBodyTreasuriesItem] | Unset): The treasuries granted (default none: the
            client may then settle only holds paying a user, and reward nothing)
    """

    name: str
    treasuries: list[CreateOwnTestClientBodyTreasuriesItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        treasuries: list[str] | Unset = UNSET
        if not isinstance(self.treasuries, Unset):
            treasuries = []
            for treasuries_item_data in self.treasuries:
                treasuries_item: str = treasuries_item_data
                treasuries.append(treasuries_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if treasuries is not UNSET:
            field_dict["treasuries"] = treasuries

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        _treasuries = d.pop("treasuries", UNSET)
        treasuries: list[CreateOwnTestClientBodyTreasuriesItem] | Unset = UNSET
        if _treasuries is not UNSET:
            treasuries = []
            for treasuries_item_data in _treasuries:
                treasuries_item = check_create_own_test_client_body_treasuries_item(
                    treasuries_item_data
                )

                treasuries.append(treasuries_item)

        create_own_test_client_body = cls(
            name=name,
            treasuries=treasuries,
        )

        return create_own_test_client_body
