from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_callback_secret_request_response_200_callback_secret_request_act_type import (
    ApproveCallbackSecretRequestResponse200CallbackSecretRequestActType,
    check_approve_callback_secret_request_response_200_callback_secret_request_act_type,
)

T = TypeVar(
    "T", bound="ApproveCallbackSecretRequestResponse200CallbackSecretRequestAct"
)


@_attrs_define
class ApproveCallbackSecretRequestResponse200CallbackSecretRequestAct:
    """
    Attributes:
        type_ (ApproveCallbackSecretRequestResponse200CallbackSecretRequestActType):
        client_id (str): The payout provider whose callbacks the new secret signs once approved; its previous one
            verifies for the overlap after
    """

    type_: ApproveCallbackSecretRequestResponse200CallbackSecretRequestActType
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
        type_ = check_approve_callback_secret_request_response_200_callback_secret_request_act_type(
            d.pop("type")
        )

        client_id = d.pop("clientId")

        approve_callback_secret_request_response_200_callback_secret_request_act = cls(
            type_=type_,
            client_id=client_id,
        )

        return approve_callback_secret_request_response_200_callback_secret_request_act
