from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.approval import Approval


T = TypeVar("T", bound="RewardUserResponse202")


@_attrs_define
class RewardUserResponse202:
    """A person's reward that would take a four-eyes window to its threshold waits for a second ADMIN+ (a platform client's
    never does)

        Attributes:
            approval (Approval):
            dry_run (bool | Unset): Present (`true`) only on the answer to a dry run (`?dryRun=true`): the command was
                decided as it would be and nothing was written (no transaction, event, approval request, stored outcome or limit
                consumed); ids in the answer name nothing
    """

    approval: Approval
    dry_run: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        approval = self.approval.to_dict()

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "approval": approval,
            }
        )
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approval import Approval

        d = dict(src_dict)
        approval = Approval.from_dict(d.pop("approval"))

        dry_run = d.pop("dryRun", UNSET)

        reward_user_response_202 = cls(
            approval=approval,
            dry_run=dry_run,
        )

        return reward_user_response_202
