from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deletion_request import DeletionRequest


T = TypeVar("T", bound="RejectDeletionRequestResponse200")


@_attrs_define
class RejectDeletionRequestResponse200:
    """
    Attributes:
        deletion_request (DeletionRequest):
    """

    deletion_request: DeletionRequest

    def to_dict(self) -> dict[str, Any]:
        deletion_request = self.deletion_request.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deletionRequest": deletion_request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deletion_request import DeletionRequest

        d = dict(src_dict)
        deletion_request = DeletionRequest.from_dict(d.pop("deletionRequest"))

        reject_deletion_request_response_200 = cls(
            deletion_request=deletion_request,
        )

        return reject_deletion_request_response_200
