from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_callback_secret_requests_response_200_callback_secret_requests_item import (
        ListCallbackSecretRequestsResponse200CallbackSecretRequestsItem,
    )


T = TypeVar("T", bound="ListCallbackSecretRequestsResponse200")


@_attrs_define
class ListCallbackSecretRequestsResponse200:
    """
    Attributes:
        callback_secret_requests (list[ListCallbackSecretRequestsResponse200CallbackSecretRequestsItem]):
    """

    callback_secret_requests: list[
        ListCallbackSecretRequestsResponse200CallbackSecretRequestsItem
    ]

    def to_dict(self) -> dict[str, Any]:
        callback_secret_requests = []
        for callback_secret_requests_item_data in self.callback_secret_requests:
            callback_secret_requests_item = callback_secret_requests_item_data.to_dict()
            callback_secret_requests.append(callback_secret_requests_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "callbackSecretRequests": callback_secret_requests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_callback_secret_requests_response_200_callback_secret_requests_item import (
            ListCallbackSecretRequestsResponse200CallbackSecretRequestsItem,
        )

        d = dict(src_dict)
        callback_secret_requests = []
        _callback_secret_requests = d.pop("callbackSecretRequests")
        for callback_secret_requests_item_data in _callback_secret_requests:
            callback_secret_requests_item = ListCallbackSecretRequestsResponse200CallbackSecretRequestsItem.from_dict(
                callback_secret_requests_item_data
            )

            callback_secret_requests.append(callback_secret_requests_item)

        list_callback_secret_requests_response_200 = cls(
            callback_secret_requests=callback_secret_requests,
        )

        return list_callback_secret_requests_response_200
