"""The pass as one call: front end -> proof and analysis -> planning (of proved arrays) -> rewriting -> verification."""
from __future__ import annotations

import codecs
import os
from dataclasses import dataclass, field, replace

from . import __version__
from .analysis.arrays import analyze
from .analysis.budget import DEFAULT_ARRAY_BUDGET
from .branches import prove_branches
from .banks import BankModel
from .build_macros import UNKNOWN as UNKNOWN_BUILD, BuildMacros
from .diagnostics import Diagnostic, InternalError, RapccError
from .frontend import parse_file, parse_file_with_includes
from .frontend.launches import UNREAD_SHAPE, bytes_entry, entry_bytes
from .interrupts import check as check_interrupted
from .ir import EscapeKind, TranslationUnitInfo
from .occupancy import within_occupancy
from .planner import ArrayPlan, plan_array
from .program_constants import ProgramConstants
from .static_limit import dynamic_bytes, within_static_limit
from .report import build_report, diagnostics_for, unchecked_note
from .reprove import reproved
from .rewrite import earlier_header_spans, header_arrays, rewrite
from .steer import layout_requests, plan_with_requests
from .suppress import split_suppressed
from .toolkit import HeaderMode
from .strategies import StrategyContext
from .verify import verify
from .verify_float import InputPtx, float_checked
from .verify_nvcc import FloatCheck, with_flags

STRATEGIES = ("auto", "pad", "xor", "rap", "bvxor", "bwperm", "bwxor", "swizzle", "elempad", "none")


@dataclass(frozen=True, slots=True)
class Options:
    strategy: str = "auto"  # one of STRATEGIES
    block_dim: tuple[int, int, int] | None = None
    seed: int = 1
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    undefines: tuple[str, ...] = ()  # -U NAME
    std: str = "c++17"
    cuda_path: str | None = None
    # nvcc's predefined macros for the compile (build_macros.py); unknown unless an nvcc said.
    build: BuildMacros = UNKNOWN_BUILD
    # The toolkit's real headers where one is found (auto), or the stand-ins (RAPCC_HEADERS; toolkit.py).
    headers: HeaderMode = HeaderMode.AUTO
    command: str = ""  # the command line that reproduces the output, for its header
    extra_args: tuple[str, ...] = ()  # more parser flags: -isystem DIR, -U NAME, -include FILE
    # Block shapes of launches made in other files (project mode): ((kernel name, (shape, ...)), ...).
    # A kernel's launches in its own file come first.
    launch_shapes: tuple[tuple[str, tuple[tuple[int, int, int], ...]], ...] = ()
    # Why the other files' launches of a kernel whose shape they leave unknown are
    # unknown: ((kernel name, ("in 'a.cu', line 9: ...", ...)), ...).
    launch_unknown: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # The kernels `launch_shapes` and `launch_unknown` speak for (a build step's scan read only
    # the files that may name them; build/launch_index.py); None: every kernel. Another
    # kernel's launches elsewhere are unknown.
    launch_scope: tuple[str, ...] | None = None
    # The integer constants the program's files define (project mode): a launch reads
    # `extern const int BLOCK;` from its definition in another file (host_constants.py).
    program_constants: ProgramConstants | None = None
    # Relocatable device code (nvcc -rdc=true / -dc): other files may call this
    # file's device functions and declare its file-scope arrays.
    rdc: bool = False
    # The translation unit that `#include`s this file (a `kernel.cu` that is no
    # unit of its own): the file is analysed as that unit compiles it.
    unit: str | None = None
    # `#line` directives that keep nvcc's messages on the input's lines. A file
    # rewritten in place is the source itself: its lines are its own.
    line_directives: bool = True
    # Blank `#pragma rapcc ...` in the output (the build hook: nvcc warns
    # about pragmas it does not know). The user's files keep them.
    strip_pragmas: bool = False
    # List each clang error in a system or toolkit header, instead of one note for them all.
    verbose: bool = False
    # Work units one array's analysis may spend before it is kept as written
    # (analysis/budget.py); None: no limit.
    array_budget: int | None = DEFAULT_ARRAY_BUDGET
    # The most dynamic shared memory (bytes) any launch of the file's kernels asks
    # for, as the user states it (`--dynamic-smem`): a layout that grows static
    # shared memory needs it of every launch (issue 27 §7). None: only the
    # launches rapcc reads say.
    dynamic_smem: int | None = None
    # The files rapcc reads hold every launch of this file's kernels: the project
    # (`-p`, RAPCC_PROJECT) was read, or the user says so (`--whole-program`).
    # Off, a kernel of external linkage may also be launched from elsewhere
    # (ir.Kernel.launched_elsewhere).
    whole_program: bool = False
    # Guard every same-size layout by a test of blockDim, proved or not: only to
    # measure what the test costs on the GPU (benchmarks/guard_cost.py).
    guard_all: bool = False
    # Compare nvcc's floating point in the input and the rewrite (verify_float.py):
    # how the build compiles to PTX, FloatCheck(None) where no nvcc was found
    # (a note), None where not asked (the API's default).
    float_check: FloatCheck | None = None


@dataclass(frozen=True, slots=True)
class RewriteResult:
    text: bytes
    report: dict
    diagnostics: tuple[Diagnostic, ...]
    plans: tuple[ArrayPlan, ...]
    suppressed: tuple[Diagnostic, ...] = ()  # silenced by `// rapcc: ignore` / NOLINT comments
    includes: tuple[str, ...] = field(default=())  # the user's headers the file read
    macro_guards: tuple[tuple[str, int], ...] = ()  # macro values the rewrite was proved for

    @property
    def changed(self) -> bool:
        return any(p.rewritten for p in self.plans)


SCOPE_UNREAD = "a launch in a file of the project rapcc did not read for this kernel"


def with_launch_shapes(info: TranslationUnitInfo, shapes: tuple[tuple[str, tuple[tuple[int, int, int], ...]], ...],
                       unknown: tuple[tuple[str, tuple[str, ...]], ...] = (),
                       scope: tuple[str, ...] | None = None) -> TranslationUnitInfo:
    """`info` whose kernels also know the block shapes of launches in other
    files, and why those other files' unknown launches are (`unknown`).
    `scope`: the kernels those speak for (None: all); any other kernel may be
    launched elsewhere with any shape. A `__device__` function is never
    launched: a kernel of its name in another file is another function."""
    extra = dict(shapes)
    if scope is not None:
        inside = set(scope)
        # Every shape, and dynamic bytes unknown (the budget's premise), as a launch rapcc cannot read.
        outside = [k.name for k in info.kernels if k.is_global and k.name not in inside]
        extra.update((n, tuple(extra.get(n, ())) + (UNREAD_SHAPE, bytes_entry(None))) for n in outside)
        unknown = unknown + tuple((n, (SCOPE_UNREAD,)) for n in outside)
    if not extra:
        return info
    mine = f"in '{os.path.basename(info.path)}', "  # this file's own unknown launches say so already
    whys = {name: tuple(r for r in rs if not r.startswith(mine)) for name, rs in unknown}

    def joined(k):
        entries = extra[k.name]
        known = tuple(s for s in entries if s != UNREAD_SHAPE and entry_bytes(s) is False)
        unread = (whys.get(k.name) or (() if k.launch_unknown else
                                       ("a launch in another file of the project that rapcc cannot read",))) \
            if UNREAD_SHAPE in entries else ()
        # Every launch's dynamic bytes (the budget's premise); a list of launches without them
        # (a cache written before they were recorded) leaves the bytes unknown.
        smem = tuple(b for b in map(entry_bytes, entries) if b is not False)
        if known and not smem:
            smem = (None,)
        return replace(k, launch_block_dims=tuple(dict.fromkeys(k.launch_block_dims + known)),
                       launch_unknown=tuple(dict.fromkeys(k.launch_unknown + unread)),
                       launch_dynamic_smem=tuple(dict.fromkeys(k.launch_dynamic_smem + smem)))
    kernels = tuple(joined(k) if k.name in extra else k for k in info.kernels)
    return replace(info, kernels=kernels)


def with_premise(info: TranslationUnitInfo, options: Options) -> TranslationUnitInfo:
    """`info` with what the options say of launches outside it: other files'
    shapes (project mode), and, unless the files read are the whole program,
    every kernel of external linkage marked as launched elsewhere too."""
    info = with_launch_shapes(info, options.launch_shapes, options.launch_unknown, options.launch_scope)
    if options.whole_program or not any(k.external for k in info.kernels):
        return info
    return replace(info, kernels=tuple(replace(k, launched_elsewhere=True) if k.external else k
                                       for k in info.kernels))


def _analysed(source: bytes, path: str, options: Options):
    info, warnings, includes = parse_file_with_includes(path, source, options)
    info = with_premise(info, options)

    def reparse(flags: tuple[str, ...]):
        variant = replace(options, defines=options.defines + tuple(f[2:] for f in flags if f.startswith("-D")),
                          undefines=tuple(f[2:] for f in flags if f.startswith("-U")))
        try:
            return with_premise(parse_file(path, source, variant)[0], options)
        except RapccError:
            return None
    analyses = prove_branches(analyze(info, options.block_dim, options.array_budget, options.guard_all), options.defines,
                              options.block_dim, reparse)
    return info, list(warnings), analyses, StrategyContext(BankModel(), options.seed), includes


KEPT_REASON = "kept: rewritten by an earlier run of rapcc"


def rewritten_before(info: TranslationUnitInfo) -> frozenset[str]:
    """Keys of the arrays an earlier run of rapcc rewrote: named in one of its
    header comments (a file rewritten again has several), or used through
    its helpers."""
    named = {pair for c in info.comments for pair in header_arrays(c.text)}
    through_helpers = {e.array for e in info.escapes if e.kind == EscapeKind.ALREADY_REWRITTEN}
    return frozenset(a.key for a in info.arrays if (a.function, a.name) in named or a.key in through_helpers)


def _planned(info, analyses, strategy: str, ctx: StrategyContext, steer: bool = True,
             dynamic_smem: int | None = None):
    """The plans for one strategy, with the source's layout pragmas applied, and their warnings.
    In rapcc's own output the arrays it rewrote are kept as they are; the others are planned."""
    kept = rewritten_before(info) if info.already_rewritten else frozenset()
    plans = tuple(replace(plan_array(a, "none", ctx), reason=KEPT_REASON, kept=True) if a.array.key in kept
                  else plan_array(a, strategy, ctx) for a in analyses)
    requests, pragma_warnings = layout_requests(info)
    requests = {k: r for k, r in requests.items() if k not in kept}
    if steer:
        plans = plan_with_requests(analyses, strategy, ctx, requests, plans)
    kernels = tuple(k.name for k in info.kernels if k.is_global)
    plans = within_occupancy(within_static_limit(plans, kernels, dynamic_bytes(info.kernels, dynamic_smem)), kernels)
    return plans, list(pragma_warnings)


def _plans(source: bytes, path: str, options: Options, strategy: str, steer: bool = True):
    info, warnings, analyses, ctx, includes = _analysed(source, path, options)
    plans, pragma_warnings = _planned(info, analyses, strategy, ctx, steer, options.dynamic_smem)
    return info, warnings + pragma_warnings, plans, ctx, includes


def _shown(info, warnings, plans, path: str) -> tuple[tuple[Diagnostic, ...], tuple[Diagnostic, ...]]:
    return split_suppressed(tuple(warnings) + diagnostics_for(plans), plans, info.comments, path)


def _blanked(info: TranslationUnitInfo, options: Options) -> tuple[tuple[int, int], ...]:
    """Spans the output blanks: rapcc's pragmas for the build hook, and an
    earlier run's `#line` directives where the output has none of its own."""
    spans = info.rapcc_pragmas if options.strip_pragmas else ()
    return spans + (() if options.line_directives else info.own_line_directives)


def _earlier_headers(info: TranslationUnitInfo, source: bytes) -> tuple[tuple[int, int], ...]:
    """The header comments of the earlier run of rapcc whose output `source`
    is: a rewrite merges them into its own header (one header, not a stack)."""
    if not info.already_rewritten:
        return ()
    return earlier_header_spans(source, tuple((c.line, c.end_line) for c in info.comments))


def macro_guards(info: TranslationUnitInfo, plans) -> tuple[tuple[str, int], ...]:
    """The macro values the rewritten arrays' functions read (see frontend/macros.py)."""
    found: dict[str, int] = {}
    for p in plans:
        if p.rewritten:
            found.update(info.macro_values.get(p.analysis.array.function or "", ()))
    return tuple(sorted(found.items()))


def _split_bom(source: bytes) -> tuple[bytes, bytes]:
    """(the UTF-8 byte order mark or b"", the text after it): clang rejects a
    BOM, so rapcc works on the text and puts the mark back in front."""
    if source.startswith(codecs.BOM_UTF8):
        return codecs.BOM_UTF8, source[len(codecs.BOM_UTF8):]
    return b"", source


def analyze_source(source: bytes, path: str, options: Options = Options()) -> RewriteResult:
    """Diagnostics and the JSON report for `source`; nothing is rewritten."""
    _, body = _split_bom(source)
    info, warnings, plans, _, includes = _plans(body, path, options, "none", steer=False)
    report = build_report(path, plans, analyze_only=True)
    shown, hidden = _shown(info, warnings, plans, path)
    check_interrupted()  # a Ctrl-C Python dropped (rapcc.interrupts) ends the run here
    return RewriteResult(source, report, shown, plans, hidden, includes)


def _float_check(options: Options) -> FloatCheck | None:
    """The float check's nvcc flags: the build's, else the options' own."""
    check = options.float_check
    if check is None:
        return None
    return with_flags(check, options.include_dirs, options.defines, options.undefines, options.std,
                      options.extra_args, options.rdc)


def _unit(options: Options) -> tuple[str, bytes] | None:
    """(path, bytes) of the unit that #includes the file, for its PTX compile; None: the file is the unit."""
    if options.unit is None:
        return None
    try:
        with open(options.unit, "rb") as f:
            return options.unit, f.read()
    except OSError as exc:
        raise RapccError(f"{options.unit}: cannot read the unit ({exc.strerror})") from None


def rewrite_source(source: bytes, path: str, options: Options = Options()) -> RewriteResult:
    """Rewrite `source`, verify the result, and return it with its report.

    Raises RapccError for bad input and InternalError when verification fails.
    """
    return rewrite_source_strategies(source, path, options, (options.strategy,))[options.strategy]


def rewrite_source_strategies(source: bytes, path: str, options: Options,
                              strategies: tuple[str, ...]) -> dict[str, "RewriteResult | InternalError"]:
    """`rewrite_source` under each of `strategies` (options.strategy is ignored),
    parsing and analysing `source` once. A strategy whose verification fails
    maps to its InternalError, so one failure does not hide the others' results.

    Raises RapccError for bad input.
    """
    for s in strategies:
        if s not in STRATEGIES:
            raise RapccError(f"unknown strategy '{s}'")
    bom, source = _split_bom(source)
    info, warnings, analyses, ctx, includes = _analysed(source, path, options)
    out: dict[str, RewriteResult | InternalError] = {}
    check = _float_check(options)
    # The input's PTX, compiled once for all the strategies, and only if one rewrites.
    original = InputPtx(check, path, source, _unit(options)) if check is not None and check.nvcc else None
    for strategy in strategies:
        plans, pragma_warnings = _planned(info, analyses, strategy, ctx, dynamic_smem=options.dynamic_smem)
        try:
            command = options.command or f"rapcc {path} --strategy {strategy} --seed {options.seed}"

            def emit(ps, command=command):
                return rewrite(source, path, ps, command, macro_guards(info, ps), options.line_directives,
                               _blanked(info, options), _earlier_headers(info, source))
            # The verification reads arrays and their uses, not launches: the
            # re-proof takes the input's (reprove.py).
            def emitted(ps, emit=emit):
                done = reproved(ps, info, options.block_dim, emit,
                                lambda text: parse_file(path, text, options, host_facts=False)[0])
                if done.reparsed is not None:
                    verify(done.text, done.plans, done.helpers, done.reparsed, ctx.banks)
                return done
            # nvcc's floating point, compared last: on a text the proof and the verifier passed.
            floats = float_checked(emitted(plans), check, emitted, original)
            done = floats.done
            plans, text, guards = done.plans, done.text, macro_guards(info, done.plans)
        except InternalError as exc:
            if len(strategies) == 1:
                raise
            out[strategy] = exc
            continue
        report = build_report(path, plans, analyze_only=False)
        shown, hidden = _shown(info, warnings + pragma_warnings, plans, path)
        if floats.unchecked is not None:  # one note for the file, after its arrays' diagnostics
            shown += (unchecked_note(path, floats.unchecked),)
        out[strategy] = RewriteResult(bom + text, report, shown, plans, hidden, includes, guards)
    check_interrupted()  # a Ctrl-C Python dropped (rapcc.interrupts) ends the run here
    return out


__all__ = ["Options", "RewriteResult", "STRATEGIES", "analyze_source", "rewrite_source", "rewrite_source_strategies",
           "__version__"]
