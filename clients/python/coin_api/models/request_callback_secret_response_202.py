from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.request_callback_secret_response_202_callback_secret_request import (
        RequestCallbackSecretResponse202CallbackSecretRequest,
    )


T = TypeVar("T", bound="RequestCallbackSecretResponse202")


@_attrs_define
class RequestCallbackSecretResponse202:
    """
    Attributes:
        callback_secret_request (RequestCallbackSecretResponse202CallbackSecretRequest):
        callback_secret (str | Unset): The `whsec_` callback secret (the key in standard base64, the Standard Webhooks
            form its libraries sign with as it is), shown this once (absent from a retry with the same Idempotency-Key);
            stored only sealed
    """

    callback_secret_request: RequestCallbackSecretResponse202CallbackSecretRequest
    callback_secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        callback_secret_request = self.callback_secret_request.to_dict()

        callback_secret = self.callback_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "callbackSecretRequest": callback_secret_request,
            }
        )
        if callback_secret is not UNSET:
            field_dict["callbackSecret"] = callback_secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.request_callback_secret_response_202_callback_secret_request import (
            RequestCallbackSecretResponse202CallbackSecretRequest,
        )

        d = dict(src_dict)
        callback_secret_request = (
            RequestCallbackSecretResponse202CallbackSecretRequest.from_dict(
                d.pop("callbackSecretRequest")
            )
        )

        callback_secret = d.pop("callbackSecret", UNSET)

        request_callback_secret_response_202 = cls(
            callback_secret_request=callback_secret_request,
            callback_secret=callback_secret,
        )

        return request_callback_secret_response_202
