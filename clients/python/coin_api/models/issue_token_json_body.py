from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="IssueTokenJsonBody")


@_attrs_define
class IssueTokenJsonBody:
    """
    Attributes:
        client_id (str): One line of text: no control characters, no lone surrogates
        client_secret (str): One line of text: no control characters, no lone surrogates
    """

    client_id: str
    client_secret: str

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "clientSecret": client_secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        client_secret = d.pop("clientSecret")

        issue_token_json_body = cls(
            client_id=client_id,
            client_secret=client_secret,
        )

        return issue_token_json_body
