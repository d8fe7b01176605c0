"""Host-fuzzer findings kept as regressions: `<name>.cu` beside `<name>.json`
(family, twin, launches, asm replacements), replayed by test_host_fuzz.py."""
from __future__ import annotations

import json
from pathlib import Path

from .hostgen import HostKernel, Launch

REGRESSIONS = Path(__file__).resolve().parent / "regressions_host"


def save(kernel: HostKernel, folder: Path = REGRESSIONS, stem: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    stem = stem or kernel.name
    (folder / f"{stem}.cu").write_text(kernel.source)
    meta = {"name": kernel.name, "family": kernel.family, "twin": kernel.twin,
            "launches": [{"kernel": l.kernel, "grid": l.grid, "block": list(l.block), "param": l.param,
                          "out_offset": l.out_offset} for l in kernel.launches],
            "host_asm": [list(pair) for pair in kernel.host_asm], "ptx_arrays": list(kernel.ptx_arrays)}
    path = folder / f"{stem}.json"
    path.write_text(json.dumps(meta, indent=1) + "\n")
    return path


def load(folder: Path = REGRESSIONS) -> list[HostKernel]:
    out = []
    for meta_path in sorted(folder.glob("*.json")):
        meta = json.loads(meta_path.read_text())
        launches = tuple(Launch(l["kernel"], l["grid"], (l["block"][0], l["block"][1]), l["param"], l["out_offset"])
                         for l in meta["launches"])
        out.append(HostKernel(meta["name"], meta["family"], meta["twin"], meta_path.with_suffix(".cu").read_text(),
                              launches, tuple((a, h) for a, h in meta["host_asm"]),
                              tuple(meta.get("ptx_arrays", ()))))
    return out
