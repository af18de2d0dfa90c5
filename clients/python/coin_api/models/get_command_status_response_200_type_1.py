from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_command_status_response_200_type_1_status import (
    GetCommandStatusResponse200Type1Status,
    check_get_command_status_response_200_type_1_status,
)

if TYPE_CHECKING:
    from ..models.get_command_status_response_200_type_1_body_type_0 import (
        GetCommandStatusResponse200Type1BodyType0,
    )
    from ..models.get_command_status_response_200_type_1_body_type_1 import (
        GetCommandStatusResponse200Type1BodyType1,
    )
    from ..models.get_command_status_response_200_type_1_body_type_2 import (
        GetCommandStatusResponse200Type1BodyType2,
    )
    from ..models.problem import Problem


T = TypeVar("T", bound="GetCommandStatusResponse200Type1")


@_attrs_define
class GetCommandStatusResponse200Type1:
    """
    Attributes:
        status (GetCommandStatusResponse200Type1Status):
        status_code (int): The HTTP status the request was answered with
        body (GetCommandStatusResponse200Type1BodyType0 | GetCommandStatusResponse200Type1BodyType1 |
            GetCommandStatusResponse200Type1BodyType2 | Problem): The body the request was answered with
        request (str): The request the key was used for, e.g. "POST /api/coins/transfer"
    """

    status: GetCommandStatusResponse200Type1Status
    status_code: int
    body: (
        GetCommandStatusResponse200Type1BodyType0
        | GetCommandStatusResponse200Type1BodyType1
        | GetCommandStatusResponse200Type1BodyType2
        | Problem
    )
    request: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.get_command_status_response_200_type_1_body_type_0 import (
            GetCommandStatusResponse200Type1BodyType0,
        )
        from ..models.get_command_status_response_200_type_1_body_type_1 import (
            GetCommandStatusResponse200Type1BodyType1,
        )
        from ..models.get_command_status_response_200_type_1_body_type_2 import (
            GetCommandStatusResponse200Type1BodyType2,
        )

        status: str = self.status

        status_code = self.status_code

        body: dict[str, Any]
        if (
            isinstance(self.body, GetCommandStatusResponse200Type1BodyType0)
            or isinstance(self.body, GetCommandStatusResponse200Type1BodyType1)
            or isinstance(self.body, GetCommandStatusResponse200Type1BodyType2)
        ):
            body = self.body.to_dict()
        else:
            body = self.body.to_dict()

        request = self.request

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "statusCode": status_code,
                "body": body,
                "request": request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_command_status_response_200_type_1_body_type_0 import (
            GetCommandStatusResponse200Type1BodyType0,
        )
        from ..models.get_command_status_response_200_type_1_body_type_1 import (
            GetCommandStatusResponse200Type1BodyType1,
        )
        from ..models.get_command_status_response_200_type_1_body_type_2 import (
            GetCommandStatusResponse200Type1BodyType2,
        )
        from ..models.problem import Problem

        d = dict(src_dict)
        status = check_get_command_status_response_200_type_1_status(d.pop("status"))

        status_code = d.pop("statusCode")

        def _parse_body(
            data: object,
        ) -> (
            GetCommandStatusResponse200Type1BodyType0
            | GetCommandStatusResponse200Type1BodyType1
            | GetCommandStatusResponse200Type1BodyType2
            | Problem
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_0 = GetCommandStatusResponse200Type1BodyType0.from_dict(data)

                return body_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_1 = GetCommandStatusResponse200Type1BodyType1.from_dict(data)

                return body_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                body_type_2 = GetCommandStatusResponse200Type1BodyType2.from_dict(data)

                return body_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            body_type_3 = Problem.from_dict(data)

            return body_type_3

        body = _parse_body(d.pop("body"))

        request = d.pop("request")

        get_command_status_response_200_type_1 = cls(
            status=status,
            status_code=status_code,
            body=body,
            request=request,
        )

        return get_command_status_response_200_type_1
