"""The environment of `rapcc-nvcc` / `rapcc-launch`, read once at the edge.

Build files cannot pass rapcc options through nvcc's command line, so they
come from environment variables; nothing else in rapcc reads `os.environ`.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from .passthrough import WRAPPER_MARK, default_cache_folder, environ

STRATEGY_NAMES = ("auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor", "swizzle", "elempad", "none")
DEFAULT_TIMEOUT_S = 300.0


class ConfigError(Exception):
    """An environment variable holds a value rapcc cannot use."""


@dataclass(frozen=True, slots=True)
class BuildConfig:
    nvcc: str | None  # RAPCC_NVCC: the real nvcc (else found on PATH)
    strategy: str  # RAPCC_STRATEGY (default auto)
    block_dim: tuple[int, int, int] | None  # RAPCC_BLOCK_DIM, e.g. 32x8
    disabled: bool  # RAPCC_DISABLE=1: run nvcc on the original command
    strict: bool  # RAPCC_STRICT=1 (or --rapcc-strict): a refusal is an error
    report_dir: Path | None  # RAPCC_REPORT_DIR: one JSON report per translation unit
    project: Path | None  # RAPCC_PROJECT: build folder with compile_commands.json
    cache_dir: Path  # RAPCC_CACHE_DIR, default the platform cache folder
    timeout_s: float  # RAPCC_TIMEOUT: seconds one rewrite may take before the file is compiled unchanged
    inside_wrapper: bool  # set by rapcc-nvcc for its children: finding itself as "nvcc" is a loop
    verbose: bool = False  # RAPCC_VERBOSE=1: one line per file rewritten (arrays, layouts, predicted gain)
    # RAPCC_DYNAMIC_SMEM: the most dynamic shared memory (bytes) any launch asks for, as `rapcc --dynamic-smem`
    dynamic_smem: int | None = None
    # RAPCC_WHOLE_PROGRAM=1: each unit holds every launch of its kernels, as `rapcc --whole-program`
    # (RAPCC_PROJECT reads the other units' launches instead)
    whole_program: bool = False
    # RAPCC_FLOAT_CHECK=0: no comparison of nvcc's floating point in the input and the rewrite
    # (verify_float.py): for a compiler that is not nvcc (a stand-in that writes no PTX); the
    # rewrites then stand unchecked, as without nvcc
    float_check: bool = True


def parse_block_dim(text: str) -> tuple[int, int, int]:
    """`32x8`, `32,8`, `256` or `8x8x4` as a 3-tuple; ValueError when invalid."""
    parts = [p for p in text.lower().replace(",", "x").split("x") if p.strip()]
    try:
        vals = [int(p) for p in parts]
    except ValueError:
        raise ValueError(f"invalid block shape '{text}' (expected e.g. 32x8)") from None
    if not 1 <= len(vals) <= 3 or any(v <= 0 for v in vals):
        raise ValueError(f"invalid block shape '{text}' (1 to 3 positive sizes)")
    vals += [1] * (3 - len(vals))
    if vals[0] * vals[1] * vals[2] > 1024:
        raise ValueError(f"invalid block shape '{text}' (at most 1024 threads)")
    return (vals[0], vals[1], vals[2])


def default_cache_dir(env: Mapping[str, str], platform: str = sys.platform) -> Path:
    """The platform's per-user cache folder, as pip and CuPy choose it."""
    return Path(default_cache_folder(env, platform))


def _flag(env: Mapping[str, str], name: str) -> bool:
    value = env.get(name, "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    raise ConfigError(f"{name}='{env[name]}' (expected 1 or 0)")


def read_config(env: Mapping[str, str], strict_flag: bool = False) -> BuildConfig:
    """The configuration in `env` (normally os.environ). Raises ConfigError."""
    strategy = env.get("RAPCC_STRATEGY", "").strip() or "auto"
    if strategy not in STRATEGY_NAMES:
        raise ConfigError(f"RAPCC_STRATEGY='{strategy}' (expected one of {', '.join(STRATEGY_NAMES)})")
    block = env.get("RAPCC_BLOCK_DIM", "").strip()
    try:
        block_dim = parse_block_dim(block) if block else None
    except ValueError as exc:
        raise ConfigError(f"RAPCC_BLOCK_DIM: {exc}") from None
    timeout = env.get("RAPCC_TIMEOUT", "").strip()
    try:
        timeout_s = float(timeout) if timeout else DEFAULT_TIMEOUT_S
    except ValueError:
        raise ConfigError(f"RAPCC_TIMEOUT='{timeout}' (expected seconds)") from None
    if timeout_s <= 0:
        raise ConfigError(f"RAPCC_TIMEOUT='{timeout}' (expected a positive number of seconds)")
    report = env.get("RAPCC_REPORT_DIR", "").strip()
    project = env.get("RAPCC_PROJECT", "").strip()
    cache = env.get("RAPCC_CACHE_DIR", "").strip()
    smem = env.get("RAPCC_DYNAMIC_SMEM", "").strip()
    if smem and (not smem.isdigit()):
        raise ConfigError(f"RAPCC_DYNAMIC_SMEM='{smem}' (expected a number of bytes)")
    return BuildConfig(
        nvcc=env.get("RAPCC_NVCC", "").strip() or None,
        strategy=strategy, block_dim=block_dim,
        disabled=_flag(env, "RAPCC_DISABLE"),
        strict=strict_flag or _flag(env, "RAPCC_STRICT"),
        report_dir=Path(report).resolve() if report else None,
        project=Path(project).resolve() if project else None,
        cache_dir=Path(cache).resolve() if cache else default_cache_dir(env),
        timeout_s=timeout_s,
        inside_wrapper=env.get(WRAPPER_MARK) == "1",
        verbose=_flag(env, "RAPCC_VERBOSE"),
        dynamic_smem=int(smem) if smem else None,
        whole_program=_flag(env, "RAPCC_WHOLE_PROGRAM"),
        float_check=not env.get("RAPCC_FLOAT_CHECK", "").strip() or _flag(env, "RAPCC_FLOAT_CHECK"))


__all__ = ["BuildConfig", "ConfigError", "STRATEGY_NAMES", "WRAPPER_MARK", "default_cache_dir", "environ",
           "parse_block_dim", "read_config"]
