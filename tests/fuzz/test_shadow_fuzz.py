"""Issue 31's host-fuzzer families (hostgen_shadow.py): one name declared at
many scopes. The fast tests check the generator and run rapcc alone on a
fixed-seed sample (no internal error, the twin's arrays rewritten); the slow
one runs every rewrite against its original with g++, bit for bit."""
from __future__ import annotations

import re

import pytest

from rapcc.diagnostics import InternalError
from rapcc.pipeline import Options, rewrite_source_strategies

from .hostcampaign import check_all, format_summary, summarize
from .hostcheck import STRATEGIES
from .hostfamilies import generate
from .hostgen_shadow import NAMES, SHADOW_FAMILIES
from .test_host_fuzz import needs_gxx

SEED = 20261127


def _declared(source: str, name: str) -> int:
    """How many declarations spell `name` (a type or `,` or `(` before it, a
    member after `{` or `;` in a struct, a namespace constant)."""
    return len(re.findall(rf"(?:\b(?:int|float|double|auto|const int)\s+\**){re.escape(name)}\b(?!\s*\()", source))


def test_bad_files_shadow_and_twins_do_not():
    """Each bad file declares its array's name more than once; its twin once
    per array (the kernel's, the second kernel's or the file-scope one's)."""
    files = generate(SEED, 2 * len(SHADOW_FAMILIES), SHADOW_FAMILIES)
    seen = set()
    for f in files:
        name = next(n for n in NAMES if re.search(rf"__shared__ \w+ {n}\[", f.source))
        seen.add(f.family)
        if f.twin:
            assert f"{name}_u" in f.source
            assert _declared(f.source, name) == 1, f.source
        else:
            assert _declared(f.source, name) >= 2, f.source
        assert len(f.launches) == 2 and f.launches[1].out_offset == 1024
    assert seen == {fam.__name__ for fam in SHADOW_FAMILIES}


@pytest.mark.parametrize("family", SHADOW_FAMILIES[:4], ids=lambda f: f.__name__)
def test_rapcc_rewrites_a_bad_file_without_internal_error(family):
    """A bad file of each of the first families, every strategy: no internal
    error (the verifier matched the shadowing tokens to the array: issue 31),
    and its first kernel's array rewritten by some strategy."""
    f = generate(SEED, 1, (family,))[0]
    results = rewrite_source_strategies(f.source.encode(), f"{f.name}.cu", Options(seed=1), STRATEGIES)
    assert not [r for r in results.values() if isinstance(r, InternalError)]
    assert any(p.rewritten and p.analysis.array.function == f"{f.name}_a"
               for r in results.values() for p in r.plans)  # type: ignore[union-attr]


@pytest.mark.slow
@needs_gxx
def test_shadow_fuzz_sample(tmp_path):
    """Two files of each family and form, run on the CPU against their original:
    no rewrite differs, rapcc never fails, and the twins are rewritten."""
    results = check_all(generate(SEED, 4 * len(SHADOW_FAMILIES), SHADOW_FAMILIES), tmp_path, jobs=2)
    summary = summarize(results)
    assert summary.generator_errors == 0, format_summary(summary)
    assert summary.differing == 0, format_summary(summary)
    assert sum(c["rapcc_error"] + c["host_error"] for c in summary.per_strategy.values()) == 0, format_summary(summary)
    twins = [c for fam, c in summary.per_family.items() if fam.endswith("(twin)")]
    assert sum(c["rewritten"] for c in twins) >= len(twins), format_summary(summary)
