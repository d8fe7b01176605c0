"""Prove the subscripts that sit in preprocessor branches the parse skipped.

A skipped branch (`#ifdef ROWWISE ... #else`) is compiled by a build with
other `-D` flags, so its raw subscripts must stay valid under a new layout.
Only padding the last dimension keeps a spelling's meaning, and only while
the subscript stays inside its dimensions (a flat walk `tile[0][f]` does
not). rapcc therefore parses the same bytes again with the branch's macros
flipped, until the branch is active, and runs the sound range proof
(analysis/soundness.py) on that parse, under the shapes it takes
(analysis/proof_shapes.py): the source is unchanged, so the accesses it then
sees sit at the same offsets as the skipped spellings, and each is proved
where the proof holds for its array. A branch no flip activates stays
unproved and its array is left untouched.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .analysis.arrays import ArrayAnalysis
from .analysis.soundness import prove_file
from .ir import InactiveUse, TranslationUnitInfo
from .refusals import refusal

MAX_VARIANTS = 8  # re-parses per file

Reparse = Callable[[tuple[str, ...]], "TranslationUnitInfo | None"]


def _flips(macros: tuple[str, ...], defines: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Flag sets that flip the given macros: all of them, then one at a time."""
    defined = {d.split("=", 1)[0] for d in defines}

    def flip(m: str) -> str:
        return f"-U{m}" if m in defined else f"-D{m}=1"
    out = [tuple(flip(m) for m in macros)]
    out += [(flip(m),) for m in macros if len(macros) > 1]
    return out


def prove_branches(analyses: tuple[ArrayAnalysis, ...], defines: tuple[str, ...], block_option, reparse: Reparse
                   ) -> tuple[ArrayAnalysis, ...]:
    """`analyses` with every skipped subscript marked proved (or with why not).

    `reparse(flags)` parses the same source with extra `-D`/`-U` flags and
    returns its TranslationUnitInfo, or None when that variant has errors."""
    pending = [u for a in analyses for u in a.inactive if u.sized is None and u.proved is None]
    if not pending:
        return analyses
    verdict: dict[int, str] = {}  # offset of a skipped spelling -> "" (proved) or why not
    # Flipping every macro at once activates most skipped branches in one parse;
    # the branches it leaves skipped get flips of their own macros.
    every = tuple(dict.fromkeys(m for u in pending for m in u.macros))
    attempts = [_flips(every, defines)[0]] + [f for d in sorted({u.directive.start for u in pending})
                                              for f in _flips(next(u.macros for u in pending
                                                                   if u.directive.start == d), defines)]
    for flags in list(dict.fromkeys(attempts))[:MAX_VARIANTS]:
        if all(u.range.start in verdict for u in pending):
            break
        if not any(u.range.start not in verdict and _touches(u, flags) for u in pending):
            continue
        info = reparse(flags)
        if info is None:
            continue
        open_offsets = {u.range.start for u in pending if u.range.start not in verdict}
        seen = _verdicts(info, block_option, flags, open_offsets)
        for u in pending:
            if u.range.start in seen and u.range.start not in verdict:
                verdict[u.range.start] = seen[u.range.start]
    return tuple(replace(a, inactive=tuple(_mark(u, verdict) for u in a.inactive)) if a.inactive else a
                 for a in analyses)


def _touches(u: InactiveUse, flags: tuple[str, ...]) -> bool:
    """Whether the flags flip a macro the use's branch tests."""
    return any(f[2:].split("=", 1)[0] in u.macros for f in flags)


def _verdicts(info: TranslationUnitInfo, block_option, flags: tuple[str, ...], offsets: set[int]) -> dict[int, str]:
    """For each access or escape of the variant at `offsets`: "" when the sound
    proof holds for its array in this parse, else why not. The proof takes the
    launches' shapes, never the planner's guesses: a build with these flags may
    launch the kernel with any shape its launch does not fix."""
    how = " ".join(flags)
    out: dict[int, str] = {}
    for e in info.escapes:
        if e.range.start in offsets:
            out.setdefault(e.range.start, f"{e.reason} (parsed with {how})")
    arrays = {a.range.start: a.array for a in info.accesses if a.range.start in offsets and a.range.start not in out}
    if not arrays:
        return out
    findings = prove_file(info, block_option, frozenset(arrays.values()))
    names = {a.key: a.name for a in info.arrays}
    for offset, key in arrays.items():
        if findings is None or not findings.lowered(key):
            out[offset] = f"the range proof did not run on that parse (parsed with {how})"
        elif (f := findings.finding(key)) is not None:
            out[offset] = f"{refusal(f, names.get(key, key))} (parsed with {how})"
        else:
            out[offset] = ""
    return out


def _mark(u: InactiveUse, verdict: dict[int, str]) -> InactiveUse:
    if u.sized is not None or u.proved is not None:
        return u
    why = verdict.get(u.range.start)
    if why is None:
        return replace(u, proved=False, unproved="no -D/-U flip of its macros makes that branch parse")
    return replace(u, proved=not why, unproved=why or None)
