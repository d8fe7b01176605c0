"""`python -m rapcc.server status | stop [--all]`: see and stop this user's
rapcc servers (see `rapcc.server`). Standard library only."""
from __future__ import annotations

import os
import time
from collections.abc import Mapping

from . import protocol
from .address import Address, folder_for
from .registry import ServerInfo, running

STOP_TIMEOUT_S = 10.0


def duration(seconds: float) -> str:
    """`42s`, `3m07s`, `2h05m`."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


def status_lines(infos: list[ServerInfo], folder: str, now: float | None = None) -> list[str]:
    """What `status` prints: one line per server, this installation's marked."""
    now = time.time() if now is None else now
    if not infos:
        return [f"rapcc: no server running (folder {folder})"]
    lines = [f"{'PID':>8}  {'AGE':>6}  {'IDLE':>6}  INSTALLATION"]
    for i in infos:
        mark = "  (this installation)" if i.is_this_installation() else ""
        lines.append(f"{i.pid:>8}  {duration(now - i.started):>6}  {duration(now - i.last_request):>6}  "
                     f"{i.installation} [{i.python}]{mark}")
    return lines


def stop_server(where: Address) -> bool:
    """Ask the server at `where` to exit; whether it took the request."""
    sock = where.connect()
    if sock is None:
        return False
    with sock, open(os.devnull, "rb") as null_in, open(os.devnull, "wb") as null_out:
        try:
            sock.settimeout(STOP_TIMEOUT_S)
            protocol.send_request(sock, {"op": "stop", "argv": [], "cwd": "/", "env": {}, "umask": 0o022,
                                         "stdio": [[None, None]] * 3},
                                  [null_in.fileno(), null_out.fileno(), null_out.fileno()])
            protocol.read_number(sock, protocol.STARTED)
            protocol.read_number(sock, protocol.STATUS)
        except (OSError, protocol.ProtocolError):
            return False
    return True


def stop(env: Mapping[str, str], every: bool) -> tuple[int, int]:
    """Stop this installation's servers (every server of the user's folder
    with `every`); (stopped, still running of other installations)."""
    folder = folder_for(env)
    if folder is None:
        return 0, 0
    stopped = left = 0
    for info in running(folder):
        if every or info.is_this_installation():
            stopped += stop_server(Address(folder, info.key))
        else:
            left += 1
    return stopped, left
