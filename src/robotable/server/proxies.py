"""Who a client is: the address of the connection's peer, unless that peer is a reverse proxy
the server was told to trust (``robotable serve --trusted-proxy ADDRESS``); then the right-most
address of ``X-Forwarded-For`` that is not a trusted proxy.

Anyone can send ``X-Forwarded-For``: believed from any peer, a rotating header would make one
client many (and escape every per-address limit). A proxy appends the address it saw to the
header it was sent, so reading from the right, the addresses written by trusted proxies come
first, and the first one that is not a trusted proxy is the address the outermost of them saw:
whatever a client put to the left of it is ignored.

:class:`ClientAddress` writes that address into the request's ``client`` before any route or
limit reads it (HTTP and WebSocket alike), so the request limit and every per-address count
use it. From a trusted proxy it also believes ``X-Forwarded-Proto: https`` (the proxy took the
request over HTTPS): the request's scheme becomes ``https`` (``wss``), so a session cookie is
marked ``Secure`` (:mod:`.sessions`). uvicorn's own proxy headers are off (``robotable
serve``): only this layer decides.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

from robotable.core.errors import InvalidOptions, quoted

MAX_HOPS = 32
"""Entries of ``X-Forwarded-For`` read from the right: no chain of proxies is longer."""
MAX_ADDRESS = 64
"""Characters of one entry kept (an address is at most 45)."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def parsed_address(host: str) -> Address | None:
    """``host`` as an IP address (brackets and spaces around taken off, IPv4 written as IPv6
    as IPv4), or None when it is not one (a name such as ``testclient``)."""
    try:
        address = ipaddress.ip_address(host.strip().removeprefix("[").removesuffix("]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class TrustedProxies:
    """The proxies whose ``X-Forwarded-For`` is believed: addresses or networks (``10.0.0.0/8``)."""

    def __init__(self, addresses: Iterable[str] = ()) -> None:
        self.networks: list[Network] = [network_of(address) for address in addresses]

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, host: object) -> bool:
        if not isinstance(host, str) or not self.networks:
            return False
        address = parsed_address(host)
        return address is not None and any(address in network for network in self.networks)

    def client(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address: ``peer``, unless it is a trusted proxy (see the module)."""
        if peer not in self or not forwarded_for:
            return peer
        hops = [hop.strip()[:MAX_ADDRESS] for hop in forwarded_for.split(",")[-MAX_HOPS:]]
        for hop in reversed(hops):
            if hop and hop not in self:
                return hop
        return peer  # every hop a trusted proxy: the nearest one is the client


def network_of(address: str) -> Network:
    """An address (``127.0.0.1``, ``::1``) or a network (``10.0.0.0/8``) of trusted proxies."""
    try:
        return ipaddress.ip_network(address.strip(), strict=False)
    except ValueError:
        raise InvalidOptions(
            f"--trusted-proxy {quoted(address)}: an IP address (127.0.0.1, ::1) or a network (10.0.0.0/8)"
        ) from None


class ClientAddress:
    """An ASGI layer that puts the client's address (:meth:`TrustedProxies.client`) in the
    request's ``client``, and a trusted proxy's HTTPS in its ``scheme``, for HTTP requests and
    WebSockets."""

    def __init__(self, app: Any, *, trusted: TrustedProxies) -> None:
        self.app = app
        self.trusted = trusted

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        client = scope.get("client")
        if scope["type"] in ("http", "websocket") and client and client[0] in self.trusted:
            forwarded = ",".join(
                value.decode("latin-1") for name, value in scope["headers"] if name == b"x-forwarded-for"
            )
            scope["client"] = (self.trusted.client(client[0], forwarded), 0)
            if _forwarded_proto(scope["headers"]) == "https":
                scope["scheme"] = "https" if scope["type"] == "http" else "wss"
        await self.app(scope, receive, send)


def _forwarded_proto(headers: Iterable[tuple[bytes, bytes]]) -> str:
    """The scheme the nearest proxy was asked in (the last value, the one it wrote)."""
    values = [value.decode("latin-1") for name, value in headers if name == b"x-forwarded-proto"]
    return values[-1].split(",")[-1].strip().lower() if values else ""
