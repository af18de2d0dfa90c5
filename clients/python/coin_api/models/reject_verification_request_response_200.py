from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_verification_request_response_200_verification_request import (
        RejectVerificationRequestResponse200VerificationRequest,
    )


T = TypeVar("T", bound="RejectVerificationRequestResponse200")


@_attrs_define
class RejectVerificationRequestResponse200:
    """
    Attributes:
        verification_request (RejectVerificationRequestResponse200VerificationRequest):
    """

    verification_request: RejectVerificationRequestResponse200VerificationRequest

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
        from ..models.reject_verification_request_response_200_verification_request import (
            RejectVerificationRequestResponse200VerificationRequest,
        )

        d = dict(src_dict)
        verification_request = (
            RejectVerificationRequestResponse200VerificationRequest.from_dict(
                d.pop("verificationRequest")
            )
        )

        reject_verification_request_response_200 = cls(
            verification_request=verification_request,
        )

        return reject_verification_request_response_200
