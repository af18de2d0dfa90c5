from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.resolve_monitoring_case_body_resolution import (
    ResolveMonitoringCaseBodyResolution,
    check_resolve_monitoring_case_body_resolution,
)

T = TypeVar("T", bound="ResolveMonitoringCaseBody")


@_attrs_define
class ResolveMonitoringCaseBody:
    """
    Attributes:
        resolution (ResolveMonitoringCaseBodyResolution):
        reason (str): One line of text: no control characters, no lone surrogates; surrounding spaces are dropped
    """

    resolution: ResolveMonitoringCaseBodyResolution
    reason: str

    def to_dict(self) -> dict[str, Any]:
        resolution: str = self.resolution

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "resolution": resolution,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        resolution = check_resolve_monitoring_case_body_resolution(d.pop("resolution"))

        reason = d.pop("reason")

        resolve_monitoring_case_body = cls(
            resolution=resolution,
            reason=reason,
        )

        return resolve_monitoring_case_body
