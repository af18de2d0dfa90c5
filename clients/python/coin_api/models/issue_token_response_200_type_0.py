from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.issue_token_response_200_type_0_token_type import (
    IssueTokenResponse200Type0TokenType,
    check_issue_token_response_200_type_0_token_type,
)

T = TypeVar("T", bound="IssueTokenResponse200Type0")


@_attrs_define
class IssueTokenResponse200Type0:
    """
    Attributes:
        access_token (str):
        token_type (IssueTokenResponse200Type0TokenType):
        expires_in (int): Seconds until the access token expires
    """

    access_token: str
    token_type: IssueTokenResponse200Type0TokenType
    expires_in: int

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        token_type: str = self.token_type

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accessToken": access_token,
                "tokenType": token_type,
                "expiresIn": expires_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        access_token = d.pop("accessToken")

        token_type = check_issue_token_response_200_type_0_token_type(
            d.pop("tokenType")
        )

        expires_in = d.pop("expiresIn")

        issue_token_response_200_type_0 = cls(
            access_token=access_token,
            token_type=token_type,
            expires_in=expires_in,
        )

        return issue_token_response_200_type_0
