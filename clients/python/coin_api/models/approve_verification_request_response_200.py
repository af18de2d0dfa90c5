from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approve_verification_request_response_200_verification_request import (
        ApproveVerificationRequestResponse200VerificationRequest,
    )


T = TypeVar("T", bound="ApproveVerificationRequestResponse200")


@_attrs_define
class ApproveVerificationRequestResponse200:
    """
    Attributes:
        verification_request (ApproveVerificationRequestResponse200VerificationRequest):
    """

    verification_request: ApproveVerificationRequestResponse200VerificationRequest

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
        from ..models.approve_verification_request_response_200_verification_request import (
            ApproveVerificationRequestResponse200VerificationRequest,
        )

        d = dict(src_dict)
        verification_request = (
            ApproveVerificationRequestResponse200VerificationRequest.from_dict(
                d.pop("verificationRequest")
            )
        )

        approve_verification_request_response_200 = cls(
            verification_request=verification_request,
        )

        return approve_verification_request_response_200
