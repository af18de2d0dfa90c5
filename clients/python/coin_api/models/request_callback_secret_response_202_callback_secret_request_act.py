from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.request_callback_secret_response_202_callback_secret_request_act_type import (
    RequestCallbackSecretResponse202CallbackSecretRequestActType,
    check_request_callback_secret_response_202_callback_secret_request_act_type,
)

T = TypeVar("T", bound="RequestCallbackSecretResponse202CallbackSecretRequestAct")


@_attrs_define
class RequestCallbackSecretResponse202CallbackSecretRequestAct:
    """
    Attributes:
        type_ (RequestCallbackSecretResponse202CallbackSecretRequestActType):
        client_id (str): The payout provider whose callbacks the new secret signs once approved; its previous one
            verifies for the overlap after
    """

    type_: RequestCallbackSecretResponse202CallbackSecretRequestActType
    client_id: str

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        client_id = self.client_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "clientId": client_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = (
            check_request_callback_secret_response_202_callback_secret_request_act_type(
                d.pop("type")
            )
        )

        client_id = d.pop("clientId")

        request_callback_secret_response_202_callback_secret_request_act = cls(
            type_=type_,
            client_id=client_id,
        )

        return request_callback_secret_response_202_callback_secret_request_act
