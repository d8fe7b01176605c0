"""The child process that rewrites for `rapcc-nvcc`: `python -m rapcc.build.worker`.

It reads one JSON request on stdin, runs the pass on each file and stores each
outcome in the cache, where the wrapper reads it. It runs apart from the
wrapper for two reasons: the wrapper's cache hits then never load libclang,
NumPy or Jinja, and a crash or hang inside libclang ends this process, not the
build (the wrapper compiles the file unchanged).

Request: {"cache": DIR, "op": "rewrite", "jobs": [{"key", "path", "source_name",
"source", "options"}]} or {"cache": DIR, "op": "launches", "jobs": [{"key",
"path", "source", "options"}]}; `source` is the file's text (UTF-8, with
surrogate escapes for stray bytes), `options` the fields of pipeline.Options.
"""
from __future__ import annotations

import json
import sys
from typing import Any

from ..diagnostics import InternalError, RapccError
from ..frontend import launches_in_file
from ..pipeline import Options, rewrite_source
from .cache import Cache, sha256_file
from .launch_index import store_file_launches


def options_from_json(o: dict[str, Any]) -> Options:
    return Options(
        strategy=o["strategy"], block_dim=tuple(o["block_dim"]) if o.get("block_dim") else None,
        include_dirs=tuple(o.get("include_dirs", ())), defines=tuple(o.get("defines", ())),
        std=o.get("std") or "c++17", command=o.get("command", ""), extra_args=tuple(o.get("extra_args", ())),
        rdc=bool(o.get("rdc", False)),
        launch_shapes=tuple((k, tuple(tuple(s) for s in v)) for k, v in o.get("launch_shapes", ())))


def refusal(exc: BaseException) -> str:
    """One line: why the file is compiled unchanged."""
    if isinstance(exc, RapccError):
        first = f" ({exc.diagnostics[0].format()})" if exc.diagnostics else ""
        return f"{exc}{first}"
    if isinstance(exc, InternalError):
        return f"internal error: {exc}"
    return f"internal error: {type(exc).__name__}: {exc}"


def rewrite_job(cache: Cache, job: dict[str, Any]) -> None:
    source = job["source"].encode("utf-8", errors="surrogateescape")
    try:
        result = rewrite_source(source, job["path"], options_from_json(job["options"]))
    except Exception as exc:  # any failure of the pass: the file is compiled unchanged
        cache.put(job["key"], job["source_name"], None, None, refusal(exc), ())
        return
    includes = tuple((p, d) for p in result.includes if (d := sha256_file(p)) is not None)
    text = result.text if result.text != source else None
    cache.put(job["key"], job["source_name"], text, result.report, None, includes)


def launches_job(cache: Cache, job: dict[str, Any]) -> None:
    source = job["source"].encode("utf-8", errors="surrogateescape")
    try:
        found = launches_in_file(job["path"], source, options_from_json(job["options"]))
    except Exception as exc:  # a file rapcc cannot parse launches nothing it can see
        store_file_launches(cache, job["key"], {}, refusal(exc))
        return
    store_file_launches(cache, job["key"], found, None)


def main() -> int:
    request = json.loads(sys.stdin.read())
    cache = Cache(request["cache"])
    run = rewrite_job if request["op"] == "rewrite" else launches_job
    for job in request["jobs"]:
        run(cache, job)
    return 0


if __name__ == "__main__":
    sys.exit(main())
