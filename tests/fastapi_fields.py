"""FastAPI's type adapters and dependencies' signatures made once per test process, not once per
application.

Each test of the server in process builds its own application (``create_app``: its own store,
hall, throttles and sessions), and FastAPI builds a pydantic ``TypeAdapter`` for every parameter,
body and answer of its ~120 routes: 245 adapters, close to half of ``create_app``'s time, the same
245 for every application. A ``TypeAdapter`` is immutable once built and depends only on the
field's type, its metadata, its attributes and its config: :func:`share_adapters` makes FastAPI's
fields take the adapter already built for an equal field in this process (equal by value AND by
``repr``, so that ``Gt(0)`` and ``Gt(0.0)``, equal in Python, keep adapters of their own). A field
whose parts cannot be hashed gets its own adapter, as before. Likewise FastAPI reads again the
signature of a dependency every route names (``about_the_table`` for each of the ~120 routes):
:func:`share_signatures` keeps the typed signature of a module's function (the same function object
in every application; a route's own function is new in each). Nothing else of an application is
shared. Only the tests do this (``tests/conftest.py``): a server process builds one application."""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable, Hashable
from typing import Any

MOST = 5_000
"""Adapters kept at most (a run needs about a hundred): past it, a new kind of field gets its own."""


def field_key(field: Any, asdict: Callable[[Any], dict[str, Any]]) -> Hashable:
    """What a field's adapter is made of, hashable; TypeError when some part is not."""
    made = asdict(field.field_info)

    def exactly(value: Any) -> tuple[Any, ...]:
        return (type(value), value, repr(value))

    config = (
        None if field.config is None else tuple(sorted((k, *exactly(v)) for k, v in field.config.items()))
    )
    key = (
        exactly(made["annotation"]),
        tuple(exactly(item) for item in made["metadata"]),
        tuple(sorted((name, *exactly(value)) for name, value in made["attributes"].items())),
        config,
    )
    hash(key)
    return key


def share_adapters() -> bool:
    """FastAPI's ``ModelField`` takes an equal field's adapter when this process built one; False
    (nothing changed) when FastAPI's fields are not made as this module expects."""
    try:
        from fastapi._compat import v2
    except ImportError:
        return False
    post_init = getattr(v2.ModelField, "__post_init__", None)
    asdict = getattr(v2, "asdict", None)
    if post_init is None or asdict is None or getattr(post_init, "shared", False):
        return False
    adapters: dict[Hashable, Any] = {}

    def shared_post_init(field: Any) -> None:
        try:
            key = field_key(field, asdict)
        except TypeError:
            post_init(field)
            return
        if (adapter := adapters.get(key)) is not None:
            field._type_adapter = adapter
            return
        post_init(field)
        if len(adapters) < MOST and hasattr(field, "_type_adapter"):
            adapters[key] = field._type_adapter

    shared_post_init.shared = True  # type: ignore[attr-defined]
    v2.ModelField.__post_init__ = shared_post_init
    return True


def share_signatures() -> bool:
    """FastAPI's ``get_typed_signature`` answers once per function object (an immutable
    ``inspect.Signature``; the function's annotations are read once, as FastAPI reads them at each
    route's start); False (nothing changed) when FastAPI has no such function."""
    try:
        from fastapi.dependencies import utils
    except ImportError:
        return False
    typed = getattr(utils, "get_typed_signature", None)
    if typed is None or getattr(typed, "shared", False):
        return False
    known: weakref.WeakKeyDictionary[Callable[..., Any], inspect.Signature] = weakref.WeakKeyDictionary()

    def shared_typed(call: Callable[..., Any]) -> inspect.Signature:
        if not inspect.isfunction(call):
            return typed(call)
        if (signature := known.get(call)) is None:
            signature = known[call] = typed(call)
        return signature

    shared_typed.shared = True  # type: ignore[attr-defined]
    utils.get_typed_signature = shared_typed
    return True
