from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deletion_request import DeletionRequest


T = TypeVar("T", bound="ListDeletionRequestsResponse200")


@_attrs_define
class ListDeletionRequestsResponse200:
    """
    Attributes:
        deletion_requests (list[DeletionRequest]):
    """

    deletion_requests: list[DeletionRequest]

    def to_dict(self) -> dict[str, Any]:
        deletion_requests = []
        for deletion_requests_item_data in self.deletion_requests:
            deletion_requests_item = deletion_requests_item_data.to_dict()
            deletion_requests.append(deletion_requests_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deletionRequests": deletion_requests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deletion_request import DeletionRequest

        d = dict(src_dict)
        deletion_requests = []
        _deletion_requests = d.pop("deletionRequests")
        for deletion_requests_item_data in _deletion_requests:
            deletion_requests_item = DeletionRequest.from_dict(
                deletion_requests_item_data
            )

            deletion_requests.append(deletion_requests_item)

        list_deletion_requests_response_200 = cls(
            deletion_requests=deletion_requests,
        )

        return list_deletion_requests_response_200
