from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.grant_request import GrantRequest


T = TypeVar("T", bound="CreateApiKeyResponse202")


@_attrs_define
class CreateApiKeyResponse202:
    """
    Attributes:
        grant_request (GrantRequest):
        key (str): The secret, shown this once; only its hash is stored. It works once another SUPERADMIN approved the
            request
    """

    grant_request: GrantRequest
    key: str

    def to_dict(self) -> dict[str, Any]:
        grant_request = self.grant_request.to_dict()

        key = self.key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "grantRequest": grant_request,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.grant_request import GrantRequest

        d = dict(src_dict)
        grant_request = GrantRequest.from_dict(d.pop("grantRequest"))

        key = d.pop("key")

        create_api_key_response_202 = cls(
            grant_request=grant_request,
            key=key,
        )

        return create_api_key_response_202
