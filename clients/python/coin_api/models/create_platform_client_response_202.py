from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.grant_request import GrantRequest


T = TypeVar("T", bound="CreatePlatformClientResponse202")


@_attrs_define
class CreatePlatformClientResponse202:
    """
    Attributes:
        grant_request (GrantRequest):
        client_secret (str | Unset): The secret, shown this once (absent from a retry with the same Idempotency-Key);
            only its hash is stored
    """

    grant_request: GrantRequest
    client_secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        grant_request = self.grant_request.to_dict()

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "grantRequest": grant_request,
            }
        )
        if client_secret is not UNSET:
            field_dict["clientSecret"] = client_secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.grant_request import GrantRequest

        d = dict(src_dict)
        grant_request = GrantRequest.from_dict(d.pop("grantRequest"))

        client_secret = d.pop("clientSecret", UNSET)

        create_platform_client_response_202 = cls(
            grant_request=grant_request,
            client_secret=client_secret,
        )

        return create_platform_client_response_202
