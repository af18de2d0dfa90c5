from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_verification_requests_response_200_verification_requests_item_act_type import (
    ListVerificationRequestsResponse200VerificationRequestsItemActType,
    check_list_verification_requests_response_200_verification_requests_item_act_type,
)

T = TypeVar("T", bound="ListVerificationRequestsResponse200VerificationRequestsItemAct")


@_attrs_define
class ListVerificationRequestsResponse200VerificationRequestsItemAct:
    """
    Attributes:
        type_ (ListVerificationRequestsResponse200VerificationRequestsItemActType):
        user_id (int): The ADMIN or SUPERADMIN account verified once approved (by an ADMIN+ other than the requester and
            the account)
        verified (bool):
        reason (str): Why, as the requester gave it
    """

    type_: ListVerificationRequestsResponse200VerificationRequestsItemActType
    user_id: int
    verified: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        user_id = self.user_id

        verified = self.verified

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "userId": user_id,
                "verified": verified,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_list_verification_requests_response_200_verification_requests_item_act_type(
            d.pop("type")
        )

        user_id = d.pop("userId")

        verified = d.pop("verified")

        reason = d.pop("reason")

        list_verification_requests_response_200_verification_requests_item_act = cls(
            type_=type_,
            user_id=user_id,
            verified=verified,
            reason=reason,
        )

        return list_verification_requests_response_200_verification_requests_item_act
