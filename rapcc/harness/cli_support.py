"""What the bench and suite commands share: the GPU error, the cases, argument types, run metadata."""
from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path
from typing import Any

from .. import __version__
from .case import Case, CaseLoadError, default_examples_dir, load_cases, select_cases
from .suite import ORIGINAL, STRATEGIES


def requested_strategies(requested: list[str] | None) -> tuple[str, ...]:
    """The variants to run: the requested ones, or all, always with the original
    first, since every rewrite is checked against it."""
    strategies = tuple(requested or STRATEGIES)
    return strategies if ORIGINAL in strategies else (ORIGINAL,) + strategies


def gpu_error(reason: str) -> int:
    """Say that no GPU can be used, as the CLI's other errors do; exit status 1."""
    print(f"rapcc: error: no CUDA GPU available ({reason})", file=sys.stderr)
    return 1


def chosen_cases(examples: Path | None, names: list[str] | None) -> list[Case] | None:
    """The cases of `examples` (default: the repository's) called `names`
    (all without names), or None after saying why they cannot be loaded."""
    try:
        cases = load_cases(examples or default_examples_dir())
        return select_cases(cases, names) if names else cases
    except (CaseLoadError, KeyError) as exc:
        print(f"rapcc: error: {exc.args[0] if isinstance(exc, KeyError) else exc}", file=sys.stderr)
        return None


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"'{text}' must be greater than 0")
    return value


def metadata(device: str, options: tuple[str, ...], **extra: Any) -> dict[str, Any]:
    """Where and how a run was made, for the head of its results."""
    return {"device": device, "nvrtc_options": " ".join(options), "rapcc_version": __version__,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), **extra}
