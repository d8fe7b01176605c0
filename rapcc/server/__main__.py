"""`python -m rapcc.server stop`: stop this user's rapcc servers (see `rapcc.server`)."""
from __future__ import annotations

import os
import sys

USAGE = "usage: python -m rapcc.server stop\n\nStop every rapcc server of this user (they also exit by themselves after\nRAPCC_SERVER_IDLE seconds without a request)."


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if args != ["stop"]:
        print(USAGE, file=sys.stderr)
        return 2
    from .client import stop_all
    n = stop_all(os.environ)
    print(f"rapcc: stopped {n} server{'s' if n != 1 else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
