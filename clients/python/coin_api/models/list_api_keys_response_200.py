from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.api_key import ApiKey


T = TypeVar("T", bound="ListApiKeysResponse200")


@_attrs_define
class ListApiKeysResponse200:
    """
    Attributes:
        api_keys (list[ApiKey]):
    """

    api_keys: list[ApiKey]

    def to_dict(self) -> dict[str, Any]:
        api_keys = []
        for api_keys_item_data in self.api_keys:
            api_keys_item = api_keys_item_data.to_dict()
            api_keys.append(api_keys_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "apiKeys": api_keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.api_key import ApiKey

        d = dict(src_dict)
        api_keys = []
        _api_keys = d.pop("apiKeys")
        for api_keys_item_data in _api_keys:
            api_keys_item = ApiKey.from_dict(api_keys_item_data)

            api_keys.append(api_keys_item)

        list_api_keys_response_200 = cls(
            api_keys=api_keys,
        )

        return list_api_keys_response_200
