"""A small JSON file written whole or not at all, for the caches rapcc keeps
beside concurrent compiles (`make -j`): nvcc's macros (build_macros.py) and the
host compiler's include folders (host_compiler.py)."""
from __future__ import annotations

import json
import os
import tempfile


def store_json(path: str, value: object, prefix: str) -> None:
    """Write `value` to `path` through a temporary file and a rename; a failure
    leaves no file (the cache is then asked again next time)."""
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=prefix, dir=os.path.dirname(path))
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(value, f)
        os.replace(tmp, path)
    except OSError:
        pass
