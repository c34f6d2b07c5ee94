"""FastAPI's type adapters and routes' signatures made once per test process, not once per
application.

Each test of the server in process builds its own application (``create_app``: its own store,
hall, throttles and sessions), and FastAPI builds a pydantic ``TypeAdapter`` for every parameter,
body and answer of its ~120 routes: 245 adapters, close to half of ``create_app``'s time, the same
245 for every application. A ``TypeAdapter`` is immutable once built and depends only on the
field's type, its metadata, its attributes and its config: :func:`share_adapters` makes FastAPI's
fields take the adapter already built for an equal field in this process (equal by value AND by
``repr``, so that ``Gt(0)`` and ``Gt(0.0)``, equal in Python, keep adapters of their own). A field
whose parts cannot be hashed gets its own adapter, as before. Likewise FastAPI reads the signature
of every route and dependency again, evaluating their annotations (``about_the_table``'s for each
of the ~120 routes): :func:`share_signatures` keeps each ``def``'s typed signature and return
annotation (a route's function is a new object in each application, of the same code, module and
annotations). Nothing else of an application is shared: ``create_app`` takes about a third of its
time. Only the tests do this (``tests/conftest.py``): a server process builds one application."""

from __future__ import annotations

import inspect
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


def function_key(call: Any) -> Hashable:
    """What FastAPI's reading of a function's signature depends on: its code (parameters' names
    and kinds), its module (where its annotations are evaluated) and its annotations (as written:
    strings, in this project); TypeError for what is not a plain function (a callable object, a
    function wrapped or given a signature of its own) or has annotations that cannot be hashed."""
    if not inspect.isfunction(call) or hasattr(call, "__wrapped__") or hasattr(call, "__signature__"):
        raise TypeError("not a plain function")
    key = (call.__code__, id(call.__globals__), tuple(call.__annotations__.items()))
    hash(key)
    return key


def same_defaults(call: Any, defaults: tuple[Any, Any]) -> bool:
    """Whether ``call``'s default values are those objects (the very objects: a route's default
    may be an object of its application)."""
    mine, kwmine = call.__defaults__ or (), call.__kwdefaults__ or {}
    theirs, kwtheirs = defaults
    return (
        len(mine) == len(theirs)
        and all(a is b for a, b in zip(mine, theirs, strict=True))
        and kwmine.keys() == kwtheirs.keys()
        and all(kwmine[name] is kwtheirs[name] for name in kwmine)
    )


def share_signatures() -> bool:
    """FastAPI's ``get_typed_signature`` and ``get_typed_return_annotation`` answer once per
    function shape (:func:`function_key`: the same ``def`` in every application, its annotations
    evaluated once; a signature's defaults are checked to be the very same objects); an
    ``inspect.Signature`` and an annotation are immutable. False (nothing changed) when FastAPI has
    no such functions."""
    try:
        from fastapi import routing
        from fastapi.dependencies import utils
    except ImportError:
        return False
    typed = getattr(utils, "get_typed_signature", None)
    returned = getattr(routing, "get_typed_return_annotation", None)
    if typed is None or returned is None or getattr(typed, "shared", False):
        return False
    signatures: dict[Hashable, list[tuple[tuple[Any, Any], inspect.Signature]]] = {}
    annotations: dict[Hashable, Any] = {}

    def shared_typed(call: Callable[..., Any]) -> inspect.Signature:
        try:
            key = function_key(call)
        except TypeError:
            return typed(call)
        known = signatures.setdefault(key, [])
        for defaults, signature in known:
            if same_defaults(call, defaults):
                return signature
        signature = typed(call)
        if (
            len(signatures) < MOST and len(known) < 8
        ):  # a route whose defaults are new in each application: 8 kept
            known.append(((call.__defaults__ or (), dict(call.__kwdefaults__ or {})), signature))
        return signature

    def shared_returned(call: Callable[..., Any]) -> Any:
        try:
            key = function_key(call)
        except TypeError:
            return returned(call)
        if key not in annotations:
            annotation = returned(call)
            if len(annotations) >= MOST:
                return annotation
            annotations[key] = annotation
        return annotations[key]

    shared_typed.shared = True  # type: ignore[attr-defined]
    utils.get_typed_signature = shared_typed
    routing.get_typed_return_annotation = shared_returned
    return True
