from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.issue_token_response_200_type_1_token_type import (
    IssueTokenResponse200Type1TokenType,
    check_issue_token_response_200_type_1_token_type,
)

T = TypeVar("T", bound="IssueTokenResponse200Type1")


@_attrs_define
class IssueTokenResponse200Type1:
    """
    Attributes:
        access_token (str):
        token_type (IssueTokenResponse200Type1TokenType):
        expires_in (int): Seconds until the access token expires
    """

    access_token: str
    token_type: IssueTokenResponse200Type1TokenType
    expires_in: int

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        token_type: str = self.token_type

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "access_token": access_token,
                "token_type": token_type,
                "expires_in": expires_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        token_type = check_issue_token_response_200_type_1_token_type(
            d.pop("token_type")
        )

        expires_in = d.pop("expires_in")

        issue_token_response_200_type_1 = cls(
            access_token=access_token,
            token_type=token_type,
            expires_in=expires_in,
        )

        return issue_token_response_200_type_1
