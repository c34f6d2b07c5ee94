"""The tests' shared FastAPI type adapters and signatures (``tests/fastapi_fields.py``): on in every
test process, adapters shared only between fields equal by value and by ``repr`` and validating as
an adapter of their own, a signature kept only for the same function object."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated

import annotated_types
import pytest
from fastapi import Header
from fastapi._compat import v2
from fastapi.utils import create_model_field
from pydantic import Field, TypeAdapter, ValidationError

from .fastapi_fields import share_adapters, share_signatures


def test_the_tests_share_fastapi_s_adapters_and_signatures_and_only_once() -> None:
    assert getattr(v2.ModelField.__post_init__, "shared", False)  # tests/conftest.py turned it on
    assert share_adapters() is False  # a second call changes nothing
    assert share_signatures() is False


AUTHORIZATION = Annotated[str | None, Header()]
"""A parameter's type as the routes write it: one alias, the same objects in every application."""


def test_equal_fields_share_an_adapter_that_validates_as_its_own() -> None:
    first = create_model_field("lang", AUTHORIZATION)
    second = create_model_field("lang", AUTHORIZATION)
    assert first is not second and first._type_adapter is second._type_adapter
    own = TypeAdapter(Annotated[str | None, Field(default=None)])
    for value in ("fr", None):
        assert first.validate(value) == (own.validate_python(value), [])
    assert first.validate(3)[1] and first.validate(3)[0] is None  # refused, as its own adapter does
    with pytest.raises(ValidationError):
        own.validate_python(3)


def test_fields_equal_in_python_but_not_written_alike_keep_their_own() -> None:
    def above(bound: float) -> v2.ModelField:
        info = Field(gt=bound)
        info.annotation = int
        return create_model_field("n", int, field_info=info)

    assert annotated_types.Gt(0) == annotated_types.Gt(0.0)
    whole, point = above(0), above(0.0)
    assert whole._type_adapter is not point._type_adapter
    assert above(0)._type_adapter is whole._type_adapter
    bounded = above(5)
    assert bounded._type_adapter is not whole._type_adapter
    assert bounded.validate(3)[1] and not whole.validate(3)[1]


def test_a_field_that_cannot_be_hashed_gets_its_own() -> None:
    def made() -> v2.ModelField:
        return create_model_field("x", int, field_info=Field(json_schema_extra={"examples": [1]}))

    assert made()._type_adapter is not made()._type_adapter


def routes_of(one: object) -> Callable[..., dict[str, object]]:
    """A route as an application makes it: a new function object each time, of the same ``def``."""

    def route(table_id: str, lang: str = "en", part: object = one) -> dict[str, object]:
        return {"table": table_id, "lang": lang, "part": part}

    return route


def test_a_def_s_signature_is_read_once_and_its_defaults_are_each_function_s_own() -> None:
    from fastapi import routing
    from fastapi.dependencies.utils import get_typed_signature

    from robotable.server.logs import about_the_table

    assert get_typed_signature(about_the_table) is get_typed_signature(about_the_table)
    assert list(get_typed_signature(about_the_table).parameters) == list(
        inspect.signature(about_the_table).parameters
    )
    shared = object()
    first, second, other = routes_of(shared), routes_of(shared), routes_of(object())
    assert first is not second and get_typed_signature(first) is get_typed_signature(second)
    typed = get_typed_signature(other)
    assert [(p.name, p.annotation, p.default) for p in typed.parameters.values()] == [
        ("table_id", str, inspect.Parameter.empty),
        ("lang", str, "en"),
        ("part", object, other.__defaults__[-1]),  # its own, not the first one's
    ]
    assert routing.get_typed_return_annotation(first) == dict[str, object]
    assert routing.get_typed_return_annotation(other) is routing.get_typed_return_annotation(first)
