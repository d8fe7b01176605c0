"""The JSON report (a contract for tools) and the compiler-style diagnostics."""
from __future__ import annotations

from . import __version__
from .analysis.absint import Failure
from .analysis.handfix import detect as detect_hand_fix
from .analysis.predict import Prediction
from .analysis.warps import COUNT_TRIPS
from .banks import DEFAULT_BANKS
from .diagnostics import Diagnostic
from .layout_words import byte_sizes
from .planner import EXPECTED_LABEL, ArrayPlan, BlockKind, InstanceCost
from .refusals import float_refusal, float_unchecked, refusal
from .float_refusal import Unchecked


def _num(p: Prediction | None, attr: str) -> float | None:
    return None if p is None else round(getattr(p, attr), 4)


def build_report(path: str, plans: tuple[ArrayPlan, ...], analyze_only: bool) -> dict:
    arrays = []
    for p in plans:
        a = p.analysis
        arr = a.array
        accesses = []
        for x, before, after in zip(a.accesses, p.before, p.after):
            if analyze_only or not p.rewritten:
                after = before
            accesses.append({
                "line": x.access.range.line, "col": x.access.range.col, "kind": x.access.kind,
                "class": x.cls, "stride": x.stride,
                "prediction": None if before is None else (EXPECTED_LABEL if x.samples.expected else "exact"),
                "data_drawn": list(x.samples.expected),
                "wavefronts_before": _num(before, "wavefronts"), "wavefronts_after": _num(after, "wavefronts"),
                "ideal_wavefronts": _num(before, "ideal"),
                "executions": None if before is None else before.executions,
                # A rewrite can change how many instructions the accesses take
                # (ptxas fuses adjacent words of the array as written only).
                "executions_after": None if after is None else after.executions,
            })
        sizes = byte_sizes(p.mapping, arr.elem_bytes) if not p.instances else _largest(p)
        if sizes is not None and (analyze_only or not p.rewritten):
            sizes = (sizes[0], sizes[0])
        arrays.append({
            "name": arr.name, "function": arr.function, "line": arr.decl.line,
            # Shared memory as written and in the chosen layout (padding grows it); None: sized at launch.
            "bytes_before": None if sizes is None else sizes[0], "bytes_after": None if sizes is None else sizes[1],
            "elem_bytes": arr.elem_bytes, "dims": list(arr.dims), "extern": arr.is_extern,
            "block_dim": [a.block.x, a.block.y, a.block.z], "block_dim_source": a.block.source,
            # Every shape the plan holds under (the first is block_dim), and the guesses the code contradicts.
            "block_dims": [[s.block.x, s.block.y, s.block.z] for s in a.per_shape],
            "block_dims_unknown": list(a.unknown_launches),
            # A layout proved under these shapes only, applied behind a test of blockDim (analysis/guards.py).
            "guarded_block_dims": [list(s) for s in a.guard] if p.rewritten else [],
            # A layout the cost model chose and gave up for occupancy (occupancy.py).
            "given_up": None if p.given_up is None else {
                "why": p.given_up.why.value, "layout": p.given_up.layout, "threads": p.given_up.threads,
                "bytes_before": p.given_up.bytes_before, "bytes_after": p.given_up.bytes_after,
                "blocks_before": p.given_up.blocks_before, "blocks_after": p.given_up.blocks_after,
                "arch": p.given_up.arch},
            "block_dims_dropped": [{"block_dim": [d.shape.x, d.shape.y, d.shape.z], "line": d.access.range.line,
                                    "out_of_bounds_share": round(d.share, 4)} for d in a.dropped_shapes],
            # The sound proof's verdict (run before planning, in `analyze` too): why not, or None.
            "proved": a.unproved is None,
            "unproved": None if a.unproved is None else refusal(a.unproved[0], arr.name),
            "strategy": "none" if analyze_only else p.mapping.strategy,
            "reason": "analyze only" if analyze_only else p.reason,
            "mapping": None if analyze_only or not p.rewritten else p.mapping.description,
            "skipped_branch_uses": [{"line": u.range.line, "col": u.range.col, "branch_line": u.directive.line,
                                     "macros": list(u.macros), "sized": u.sized} for u in a.inactive],
            "accesses": accesses,
            # A template-sized array: each instantiation (under each planned shape) and its price.
            "instances": [instance_report(p, c, analyze_only) for c in p.instances],
            "hand_fix": _hand_fix(a),
        })
    return {"file": path, "rapcc_version": __version__, "arrays": arrays}


def _largest(p: ArrayPlan) -> tuple[int, int] | None:
    """(bytes as written, bytes in the layout) of a template-sized array's largest instantiation."""
    sizes = [s for s in (byte_sizes(c.mapping, c.analysis.elem_bytes) for c in p.instances) if s is not None]
    return (max(b for b, _ in sizes), max(a for _, a in sizes)) if sizes else None


def instance_report(p: ArrayPlan, c: InstanceCost, analyze_only: bool) -> dict:
    """The JSON of one instantiation of a template-sized array: its accesses and price."""
    i = c.analysis
    paid = p.rewritten and not analyze_only
    after = c.after if paid else c.before
    sizes = byte_sizes(c.mapping, i.elem_bytes)
    before_bytes = None if sizes is None else sizes[0]
    return {
        "template_arguments": dict(i.template_arguments), "block_dim": [i.block.x, i.block.y, i.block.z],
        "dims": list(i.logical_dims or ()),
        "bytes_before": before_bytes, "bytes_after": sizes[1] if sizes is not None and paid else before_bytes,
        "cost_before": round(c.cost_before, 4), "cost_after": round(c.cost_after if paid else c.cost_before, 4),
        "accesses": [{"line": x.access.range.line, "col": x.access.range.col, "kind": x.access.kind,
                      "wavefronts_before": _num(b, "wavefronts"), "wavefronts_after": _num(f, "wavefronts"),
                      "ideal_wavefronts": _num(b, "ideal")} for x, b, f in zip(i.accesses, c.before, after)],
    }


def _hand_fix(a) -> dict | None:
    fix = detect_hand_fix(a, DEFAULT_BANKS)
    if fix is None:
        return None
    return {"kind": fix.kind, "text": fix.text, "verdict": fix.verdict, "wavefronts": round(fix.fixed, 4),
            "wavefronts_without": None if fix.unfixed is None else round(fix.unfixed, 4),
            "ideal_wavefronts": round(fix.ideal, 4)}


# How each block-shape source reads in text ("blocks 32x8 guessed from its subscripts").
SHAPE_SOURCES = {
    "option": "given by --block-dim", "pragma": "given in the source", "annotation": "given in the source",
    "launch": "from its launches", "callers": "from the launches of the kernels that call it",
    "launch_bounds": "guessed from __launch_bounds__",
    "inferred": "guessed from its subscripts", "assumed": "guessed (no launch, bound or subscript says)",
}

# Block shapes rapcc inferred rather than was told: an access that leaves its
# array under one of them more likely means the shape is wrong than the code.
UNCERTAIN_SHAPES = ("assumed", "inferred", "launch_bounds")


def _ways(p: Prediction) -> int:
    return max(1, round(p.wavefronts / max(p.ideal, 1e-9)))


# How to state a kernel's block shape without a compiler warning about an unknown pragma.
SHAPE_ADVICE = "state it with __attribute__((annotate(\"rapcc_block_dim(x, y, z)\"))) on the kernel, or --block-dim"
_GUESSED_FROM = {"assumed": "assumed", "inferred": "guessed from its subscripts",
                 "launch_bounds": "guessed from __launch_bounds__"}


def _guessed(p: ArrayPlan) -> bool:
    """Whether the array's block shape is rapcc's guess worth a note: assumed
    or inferred, or one from __launch_bounds__ that the code contradicts."""
    a = p.analysis
    if a.block.source in ("assumed", "inferred"):
        return True
    return a.block.source in UNCERTAIN_SHAPES and not a.escapes and a.unproved is not None \
        and a.unproved[0].failure == Failure.OUT_OF_RANGE


# A note names at most this many shapes in a list, and this many contradicting accesses.
MAX_LISTED, MAX_CLAUSES = 6, 2


def _listed(items: list[str], limit: int) -> str:
    """"a, b, c" or "a, b, c and 4 more"."""
    if len(items) <= limit:
        return ", ".join(items)
    return ", ".join(items[:limit]) + f" and {len(items) - limit} more"


def _code(text: str, limit: int = 60) -> str:
    """Code quoted in a note, shortened past `limit` characters (the line number says where it is)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 3] + "..."


def _shares(shares: list[float]) -> str:
    """"50%" or "2% to 23%"."""
    lo, hi = min(shares), max(shares)
    return f"{lo:.0%}" if f"{lo:.0%}" == f"{hi:.0%}" else f"{lo:.0%} to {hi:.0%}"


def _shape_note(plans: list[ArrayPlan]) -> Diagnostic:
    """One note for a kernel whose block shape rapcc guessed: the set it
    planned for, the shapes its code contradicts, and how to state the shape.
    A guess of rapcc's own is not the user's mistake: a note, not a warning."""
    first = plans[0].analysis
    arr = first.array
    shapes = _listed(list(dict.fromkeys(s.block.text() for p in plans for s in p.analysis.per_shape)), MAX_LISTED)
    how = _GUESSED_FROM.get(first.block.source, first.block.source)
    # One clause per access that contradicts shapes, naming them all (issue 29:
    # a clause per shape made notes of 700 characters).
    dropped: dict[tuple[str, int, str], list[tuple[str, float]]] = {}  # access -> (shape, share of lanes)
    for p in plans:
        for d in p.analysis.dropped_shapes:
            dropped.setdefault((d.access.text, d.access.range.line, d.array), []).append((d.shape.text(), d.share))
    clauses = [f"; {_listed(list(dict.fromkeys(s for s, _ in left)), MAX_LISTED)} left out, since '{_code(text)}' at line "
               f"{line} leaves '{array}' for {_shares([share for _, share in left])} of "
               f"{'its' if len(left) == 1 else 'their'} lanes" for (text, line, array), left in dropped.items()]
    more = len(clauses) - MAX_CLAUSES
    contradicted = "".join(clauses[:MAX_CLAUSES]) + (f"; {more} more (the report's block_dims_dropped)"
                                                     if more > 0 else "")
    # Why a launch's shape is unknown; with none, that no launch was read (issue 30: the note said no why).
    unknown = "".join(f" ({u})" for u in first.unknown_launches[:1]) or " (no launch rapcc reads states it)"
    return Diagnostic("note", arr.decl.file, arr.decl.line, arr.decl.col,
                      f"block shape of '{arr.function}' unknown{unknown}; planned for {shapes} ({how}){contradicted}; "
                      f"{SHAPE_ADVICE}", "rapcc-block-dim")


def diagnostics_for(plans: tuple[ArrayPlan, ...]) -> tuple[Diagnostic, ...]:
    out: list[Diagnostic] = []
    guessed: dict[str, list[ArrayPlan]] = {}  # function -> its arrays planned under a guessed shape
    for p in plans:
        if not p.kept and p.analysis.accesses and p.analysis.array.function and _guessed(p):
            guessed.setdefault(p.analysis.array.function, []).append(p)
    noted: set[str] = set()
    for p in plans:
        if p.kept:
            continue
        a = p.analysis
        arr = a.array
        if arr.function in guessed and arr.function not in noted:
            noted.add(arr.function)
            out.append(_shape_note(guessed[arr.function]))
        if arr.function is None and p.rewritten:
            out.append(Diagnostic("note", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"file-scope '{arr.name}' is rewritten in this file only; if the build uses -rdc, "
                                  "pass --rdc (rapcc-nvcc does) so that arrays other files may reach stay untouched",
                                  "rapcc-file-scope"))
        if p.unproved is not None and _conflicts(p):
            # Only where a new layout had something to fix: an array the proof
            # keeps without a predicted conflict loses nothing.
            finding, at = p.unproved
            out.append(Diagnostic("warning", at.file, at.line, at.col,
                                  f"{refusal(finding, arr.name)}; '{arr.name}' is left untouched", "rapcc-unproved"))
        if p.float_refused is not None:
            out.append(Diagnostic("warning", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"{float_refusal(p.float_refused, arr.name)}; '{arr.name}' is left untouched",
                                  "rapcc-float-dataflow"))
        if a.over_budget is not None:
            out.append(Diagnostic("note", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"analysis of '{arr.name}' stopped after {a.over_budget.spent} work units (budget "
                                  f"{a.over_budget.budget}); '{arr.name}' is left untouched", "rapcc-budget"))
        for e in a.escapes:
            out.append(Diagnostic("warning", e.range.file, e.range.line, e.range.col,
                                  f"{e.reason}; '{arr.name}' is left untouched", "rapcc-escape"))
        if a.inactive:
            u = next((v for v in a.inactive if v.sized), a.inactive[0])
            guard = ", ".join(u.macros) or "its condition"
            if p.rewritten:
                out.append(Diagnostic("note", u.range.file, u.range.line, u.range.col,
                                      f"'{arr.name}' is also subscripted in the preprocessor branch at line "
                                      f"{u.directive.line}, which this parse skipped; {p.mapping.description} keeps "
                                      f"those subscripts valid (macros: {guard})", "rapcc-preprocessor"))
            elif not a.escapes and (p.blocked == BlockKind.SKIPPED_BRANCH or u.macro_body):
                out.append(Diagnostic("warning", u.range.file, u.range.line, u.range.col,
                                      f"{p.reason.removeprefix('left untouched: ')}; '{arr.name}' is left untouched"
                                      + ("" if u.macro_body else
                                         " (pass your build's -D flags to analyse the branch it compiles)"),
                                      "rapcc-escape"))
        fix = detect_hand_fix(a, DEFAULT_BANKS)
        if fix is not None and fix.broken:
            replaced = f"; rapcc replaces it ({p.mapping.description})" if p.rewritten else ""
            out.append(Diagnostic("warning", arr.decl.file, arr.decl.line, arr.decl.col,
                                  f"hand fix of '{arr.name}' does not work: {fix.why()}{replaced}",
                                  "rapcc-broken-fix"))
        # Every instantiation's conflicts (issue 29: only the first was reported), under
        # the reported block shape as for any array (the first an instantiation is planned for).
        first: dict[tuple, InstanceCost] = {}
        for c in p.instances:
            first.setdefault(c.analysis.template_arguments, c)
        if len(first) > 1:
            for args, c in first.items():
                tag = " in instance " + ", ".join(f"{n}={v}" for n, v in args)
                out.extend(_access_diagnostics(arr.name, c.analysis, c.before, tag))
        else:
            out.extend(_access_diagnostics(arr.name, a, p.before, ""))
    return tuple(out)


def _conflicts(p: ArrayPlan) -> bool:
    """Whether some access of the array as written is predicted to conflict."""
    befores = [c.before for c in p.instances] or [p.before]
    return any(b is not None and b.excess > 1e-9 for before in befores for b in before)


def _access_diagnostics(name: str, a, befores, tag: str) -> list[Diagnostic]:
    """The remarks and conflict warnings of one analysis' accesses (`tag`: which instance)."""
    out = []
    for x, before in zip(a.accesses, befores):
        r = x.access.range
        if before is None and x.samples.unknown is None:
            if x.site is not None and not x.site.never_runs:
                msg = (f"access to '{name}'{tag} first runs after the {COUNT_TRIPS} loop trips the replay "
                       "steps through; its bank conflicts are not predicted")
            elif x.site is not None:
                msg = f"access to '{name}'{tag} never runs with block shape {a.block.text()}"
            else:
                msg = (f"access to '{name}'{tag} does not run in the {COUNT_TRIPS} loop trips the replay steps "
                       f"through with block shape {a.block.text()}; its bank conflicts are not predicted")
            out.append(Diagnostic("remark", r.file, r.line, r.col, msg, "rapcc-not-executed"))
            continue
        if before is None:
            out.append(Diagnostic("remark", r.file, r.line, r.col,
                                  f"cannot predict bank conflicts on '{name}'{tag} (random access: "
                                  f"'{x.samples.unknown}' is not known statically)", "rapcc-random-access"))
            continue
        if before.excess > 1e-9:
            what = f"{x.cls} access" + (f", S={x.stride}" if x.stride not in (None, 0, 1) else "")
            expected = f" {EXPECTED_LABEL}" if x.samples.expected else ""
            if x.samples.varies:
                expected += f"; {x.samples.varies}"
            out.append(Diagnostic("warning", r.file, r.line, r.col,
                                  f"{_ways(before)}-way bank conflict on '{name}'{tag} ({what}; "
                                  f"{before.wavefronts:.2f} wavefronts per request{expected}, "
                                  f"ideal {before.ideal:.2f})", "rapcc-bank-conflict"))
    return out


def unchecked_note(path: str, why: Unchecked) -> Diagnostic:
    """The one note of a rewritten file whose floating point was not compared (verify_float.py)."""
    return Diagnostic("note", path, 0, 0, float_unchecked(why), "rapcc-float-unchecked")
