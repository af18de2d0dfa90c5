from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.issue_token_data_body_grant_type import (
    IssueTokenDataBodyGrantType,
    check_issue_token_data_body_grant_type,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="IssueTokenDataBody")


@_attrs_define
class IssueTokenDataBody:
    """
    Attributes:
        grant_type (IssueTokenDataBodyGrantType):
        client_id (str | Unset): With client_secret, unless HTTP Basic carries both
        client_secret (str | Unset): One line of text: no control characters, no lone surrogates
    """

    grant_type: IssueTokenDataBodyGrantType
    client_id: str | Unset = UNSET
    client_secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grant_type: str = self.grant_type

        client_id = self.client_id

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grant_type": grant_type,
            }
        )
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        grant_type = check_issue_token_data_body_grant_type(d.pop("grant_type"))

        client_id = d.pop("client_id", UNSET)

        client_secret = d.pop("client_secret", UNSET)

        issue_token_data_body = cls(
            grant_type=grant_type,
            client_id=client_id,
            client_secret=client_secret,
        )

        issue_token_data_body.additional_properties = d
        return issue_token_data_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
