"""`python -m rapcc.server status | stop [--all]` (see `rapcc.server`)."""
from __future__ import annotations

import os
import sys

USAGE = """usage: python -m rapcc.server status | stop [--all]

  status      list this user's rapcc servers: process id, age, idle time and
              the installation each serves
  stop        stop this installation's server
  stop --all  stop every rapcc server of this user (other installations too)

Servers also exit by themselves after RAPCC_SERVER_IDLE seconds (default 300)
without a request. rapcc-nvcc and rapcc-launch start one by default
(RAPCC_SERVER=0 turns it off); the rapcc command line only with RAPCC_SERVER=1;
nothing starts one where CI is set."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    from .address import folder_for
    if args == ["status"]:
        from .control import status_lines
        from .registry import running
        folder = folder_for(os.environ)
        print("\n".join(status_lines(running(folder) if folder else [], folder or "none")))
        return 0
    if args in (["stop"], ["stop", "--all"]):
        from .control import stop
        stopped, left = stop(os.environ, every=len(args) == 2)
        others = f"; {_plural(left, 'server')} of other installations left running ('stop --all' stops them)" \
            if left else ""
        print(f"rapcc: stopped {_plural(stopped, 'server')}{others}")
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
