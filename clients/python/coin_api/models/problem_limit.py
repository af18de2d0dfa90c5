from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.problem_limit_name import ProblemLimitName, check_problem_limit_name

T = TypeVar("T", bound="ProblemLimit")


@_attrs_define
class ProblemLimit:
    """LIMIT_EXCEEDED: which limit the debit would pass

    Attributes:
        name (ProblemLimitName): A payer's spending limit, or clientDailyRewards: what a platform client may reward in a
            rolling day
        value (float): The limit: coins, or debits for dailyCount
        used (float): What the rolling 24 hours have used of it
        resets_at (None | str): When the refused debit would fit; null when waiting will not help
    """

    name: ProblemLimitName
    value: float
    used: float
    resets_at: None | str

    def to_dict(self) -> dict[str, Any]:
        name: str = self.name

        value = self.value

        used = self.used

        resets_at: None | str
        resets_at = self.resets_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "value": value,
                "used": used,
                "resetsAt": resets_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = check_problem_limit_name(d.pop("name"))

        value = d.pop("value")

        used = d.pop("used")

        def _parse_resets_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resets_at = _parse_resets_at(d.pop("resetsAt"))

        problem_limit = cls(
            name=name,
            value=value,
            used=used,
            resets_at=resets_at,
        )

        return problem_limit
