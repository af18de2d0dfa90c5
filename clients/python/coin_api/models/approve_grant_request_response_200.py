from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.grant_request import GrantRequest


T = TypeVar("T", bound="ApproveGrantRequestResponse200")


@_attrs_define
class ApproveGrantRequestResponse200:
    """
    Attributes:
        message (str):
        grant_request (GrantRequest):
    """

    message: str
    grant_request: GrantRequest

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        grant_request = self.grant_request.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "grantRequest": grant_request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.grant_request import GrantRequest

        d = dict(src_dict)
        message = d.pop("message")

        grant_request = GrantRequest.from_dict(d.pop("grantRequest"))

        approve_grant_request_response_200 = cls(
            message=message,
            grant_request=grant_request,
        )

        return approve_grant_request_response_200
