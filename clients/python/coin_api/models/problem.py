from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors_item import ProblemErrorsItem
    from ..models.problem_limit import ProblemLimit


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """RFC 9457 problem details (application/problem+json)

    Attributes:
        type_ (str): A relative URI of the page about this code, e.g. /problems/insufficient-funds
        title (str):
        status (int):
        detail (str):
        code (str): What programs branch on (docs/CONTRACT.md "Errors"), e.g. INSUFFICIENT_FUNDS
        request_id (str): Name it in a report to the operators
        errors (list[ProblemErrorsItem] | Unset):
        command_id (str | Unset):
        limit (ProblemLimit | Unset): LIMIT_EXCEEDED: which limit the debit would pass
    """

    type_: str
    title: str
    status: int
    detail: str
    code: str
    request_id: str
    errors: list[ProblemErrorsItem] | Unset = UNSET
    command_id: str | Unset = UNSET
    limit: ProblemLimit | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code

        request_id = self.request_id

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        command_id = self.command_id

        limit: dict[str, Any] | Unset = UNSET
        if not isinstance(self.limit, Unset):
            limit = self.limit.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
                "requestId": request_id,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if command_id is not UNSET:
            field_dict["commandId"] = command_id
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.problem_errors_item import ProblemErrorsItem
        from ..models.problem_limit import ProblemLimit

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = d.pop("code")

        request_id = d.pop("requestId")

        _errors = d.pop("errors", UNSET)
        errors: list[ProblemErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ProblemErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        command_id = d.pop("commandId", UNSET)

        _limit = d.pop("limit", UNSET)
        limit: ProblemLimit | Unset
        if isinstance(_limit, Unset):
            limit = UNSET
        else:
            limit = ProblemLimit.from_dict(_limit)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            request_id=request_id,
            errors=errors,
            command_id=command_id,
            limit=limit,
        )

        return problem
