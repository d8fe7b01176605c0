"""The `rapcc` console script: the command line, run by this installation's
server when one can be used (`rapcc.server`), else in this process."""
from __future__ import annotations

import os
import sys

EXIT_INTERNAL = 3  # rapcc.cli's, without importing it


def main() -> int:
    from .client import serve
    ended = serve("cli", list(sys.argv), os.environ)
    if ended is None:
        from rapcc.cli import main as cli_main
        return cli_main()
    if ended.status is not None:
        return ended.status
    print("rapcc: internal error: the rapcc server's process ended without an exit status (rerun with "
          "RAPCC_SERVER=0 to run rapcc in this process, and please report it)", file=sys.stderr)
    return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
