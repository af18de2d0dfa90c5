from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_callback_secret_request_response_200_callback_secret_request import (
        RejectCallbackSecretRequestResponse200CallbackSecretRequest,
    )


T = TypeVar("T", bound="RejectCallbackSecretRequestResponse200")


@_attrs_define
class RejectCallbackSecretRequestResponse200:
    """
    Attributes:
        callback_secret_request (RejectCallbackSecretRequestResponse200CallbackSecretRequest):
    """

    callback_secret_request: RejectCallbackSecretRequestResponse200CallbackSecretRequest

    def to_dict(self) -> dict[str, Any]:
        callback_secret_request = self.callback_secret_request.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "callbackSecretRequest": callback_secret_request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reject_callback_secret_request_response_200_callback_secret_request import (
            RejectCallbackSecretRequestResponse200CallbackSecretRequest,
        )

        d = dict(src_dict)
        callback_secret_request = (
            RejectCallbackSecretRequestResponse200CallbackSecretRequest.from_dict(
                d.pop("callbackSecretRequest")
            )
        )

        reject_callback_secret_request_response_200 = cls(
            callback_secret_request=callback_secret_request,
        )

        return reject_callback_secret_request_response_200
