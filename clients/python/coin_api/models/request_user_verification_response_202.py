from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.request_user_verification_response_202_verification_request import (
        RequestUserVerificationResponse202VerificationRequest,
    )


T = TypeVar("T", bound="RequestUserVerificationResponse202")


@_attrs_define
class RequestUserVerificationResponse202:
    """
    Attributes:
        verification_request (RequestUserVerificationResponse202VerificationRequest):
    """

    verification_request: RequestUserVerificationResponse202VerificationRequest

    def to_dict(self) -> dict[str, Any]:
        verification_request = self.verification_request.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verificationRequest": verification_request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.request_user_verification_response_202_verification_request import (
            RequestUserVerificationResponse202VerificationRequest,
        )

        d = dict(src_dict)
        verification_request = (
            RequestUserVerificationResponse202VerificationRequest.from_dict(
                d.pop("verificationRequest")
            )
        )

        request_user_verification_response_202 = cls(
            verification_request=verification_request,
        )

        return request_user_verification_response_202
