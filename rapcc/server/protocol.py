"""The bytes between a `rapcc` process and its server's child.

Request (client -> server), one message: MAGIC, a 4-byte length, a JSON
object, with the caller's standard input, output and error passed alongside
as file descriptors (SCM_RIGHTS). Replies (child -> client): b"P" and the
child's process id once it has taken the request (the client forwards
signals to it), then b"S" and the exit status when the command is done.
Every number is 4 bytes, big-endian, signed.
"""
from __future__ import annotations

import json
import socket
import struct
from typing import Any

MAGIC = b"RAPCC-SERVER-1\n"
MAX_REQUEST = 64 << 20  # the build hook's request carries the file's text
STARTED, STATUS = b"P", b"S"
_NUMBER = struct.Struct(">i")


class ProtocolError(Exception):
    """The other side sent something this version does not understand, or left."""


def send_request(sock: socket.socket, request: dict[str, Any], fds: list[int]) -> None:
    body = json.dumps(request, separators=(",", ":")).encode("utf-8", "surrogateescape")
    socket.send_fds(sock, [MAGIC + _NUMBER.pack(len(body)) + body], fds)


def read_exactly(sock: socket.socket, n: int) -> bytes:
    chunks, left = [], n
    while left:
        chunk = sock.recv(left)
        if not chunk:
            raise ProtocolError("connection closed")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive_request(sock: socket.socket, max_fds: int = 3) -> tuple[dict[str, Any], list[int]]:
    head = len(MAGIC) + _NUMBER.size
    data, fds, _, _ = socket.recv_fds(sock, head, max_fds)
    if len(data) < head:
        data += read_exactly(sock, head - len(data))
    if data[:len(MAGIC)] != MAGIC:
        for fd in fds:
            _close(fd)
        raise ProtocolError("not a rapcc request")
    (size,) = _NUMBER.unpack(data[len(MAGIC):head])
    if not 0 <= size <= MAX_REQUEST:
        for fd in fds:
            _close(fd)
        raise ProtocolError("request too large")
    request = json.loads(read_exactly(sock, size).decode("utf-8", "surrogateescape"))
    return request, fds


def _close(fd: int) -> None:
    import os
    try:
        os.close(fd)
    except OSError:
        pass


def send_number(sock: socket.socket, tag: bytes, value: int) -> None:
    sock.sendall(tag + _NUMBER.pack(value))


def read_number(sock: socket.socket, tag: bytes) -> int:
    data = read_exactly(sock, 1 + _NUMBER.size)
    if data[:1] != tag:
        raise ProtocolError(f"expected {tag!r}, got {data[:1]!r}")
    return _NUMBER.unpack(data[1:])[0]
