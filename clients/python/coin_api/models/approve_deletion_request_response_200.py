from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deletion_request import DeletionRequest


T = TypeVar("T", bound="ApproveDeletionRequestResponse200")


@_attrs_define
class ApproveDeletionRequestResponse200:
    """
    Attributes:
        message (str):
        deletion_request (DeletionRequest):
    """

    message: str
    deletion_request: DeletionRequest

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        deletion_request = self.deletion_request.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "deletionRequest": deletion_request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deletion_request import DeletionRequest

        d = dict(src_dict)
        message = d.pop("message")

        deletion_request = DeletionRequest.from_dict(d.pop("deletionRequest"))

        approve_deletion_request_response_200 = cls(
            message=message,
            deletion_request=deletion_request,
        )

        return approve_deletion_request_response_200
