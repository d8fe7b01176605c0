"""When a rapcc process may use (and so start) rapcc's server.

The server is an accelerator the user can see and scope, as sccache's is, not
a side effect of running a command:

- `rapcc-nvcc` and `rapcc-launch` (a build's many short compiles) use it by
  default; `RAPCC_SERVER=0` turns it off.
- The `rapcc` command line uses it only when asked (`RAPCC_SERVER=1`): one
  command at a terminal must not leave a process behind.
- Never where `CI` is set (a CI job's processes should end with its steps),
  and never for `rapcc --version` / `--help` (`entry.py`).

Standard library only, `os` and `sys`: the build hook's early exits read it.
"""
from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Mapping

ON_VALUES = frozenset({"1", "on", "yes", "true"})
OFF_VALUES = frozenset({"0", "off", "no", "false"})
CLI = "cli"  # the `rapcc` command line: opt-in
BUILD = "build"  # rapcc-nvcc / rapcc-launch: on by default


def in_ci(env: "Mapping[str, str]") -> bool:
    """Whether `CI` is set, as CI services set it (`CI=true`, `CI=1`); an
    empty value or an explicit false does not count."""
    value = env.get("CI")
    return value is not None and value.strip().lower() not in OFF_VALUES | {""}


def can_fork() -> bool:
    return hasattr(os, "fork") and hasattr(os, "setsid") and sys.platform != "win32"


def server_wanted(env: "Mapping[str, str]", caller: str) -> bool:
    """Whether a process of `caller` (CLI or BUILD) may use the server."""
    setting = env.get("RAPCC_SERVER", "").strip().lower()
    if setting in OFF_VALUES or in_ci(env) or not can_fork():
        return False
    return setting in ON_VALUES if caller == CLI else True
