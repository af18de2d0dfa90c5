from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.platform_client import PlatformClient


T = TypeVar("T", bound="CreateOwnTestClientResponse201")


@_attrs_define
class CreateOwnTestClientResponse201:
    """
    Attributes:
        client (PlatformClient):
        client_secret (str | Unset): The secret, shown this once (absent from a retry with the same Idempotency-Key);
            only its hash is stored
    """

    client: PlatformClient
    client_secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        client = self.client.to_dict()

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "client": client,
            }
        )
        if client_secret is not UNSET:
            field_dict["clientSecret"] = client_secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.platform_client import PlatformClient

        d = dict(src_dict)
        client = PlatformClient.from_dict(d.pop("client"))

        client_secret = d.pop("clientSecret", UNSET)

        create_own_test_client_response_201 = cls(
            client=client,
            client_secret=client_secret,
        )

        return create_own_test_client_response_201
