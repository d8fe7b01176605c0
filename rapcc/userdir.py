"""rapcc's per-user folder for files other users must not write: its
servers' sockets (`server/`) and the precompiled prelude (`frontend/prelude.py`).
Standard library only."""
from __future__ import annotations

import os
import stat


def private_folder(base: str) -> str | None:
    """This user's private folder under `base`: created with mode
    0700; None where it exists but another user owns it or others may write to it."""
    folder = os.path.join(base, f"rapcc-{os.getuid()}")
    try:
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass
        st = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
        return None
    return folder
