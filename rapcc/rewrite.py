"""Apply the planned mappings to the source text.

Only declarations and subscripts of rewritten arrays change; every other byte
is kept. Edits never add or remove a newline inside the user's text, so the
`#line 1` after rapcc's prologue keeps nvcc's diagnostics and debuggers on the
original lines. When nothing is rewritten the input comes back byte for byte.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .ir import Access, Clone
from .planner import ArrayPlan

if TYPE_CHECKING:  # Jinja is imported by the first rewrite: a file with nothing to rewrite does not load it
    import jinja2


@dataclass(frozen=True, slots=True)
class Helper:
    map_name: str
    accessor_name: str | None
    params: tuple[str, ...]  # the logical indices
    expr: str
    dims_decl: str
    size_arg: str | None = None  # for `extern` arrays: the C expression of the elements available
    # A layout proved under some block shapes only (analysis/guards.py): the
    # function testing blockDim, and its definition; the layout as written elsewhere.
    guard_name: str | None = None
    guard: str | None = None

    def guarded(self, params: tuple[str, ...]) -> str:
        """The subscript under the guard: the map of `params` or the last index as written."""
        assert self.guard_name is not None
        return guarded_index(self.guard_name, f"{self.map_name}({', '.join(params)})", self.params[-1])

    @property
    def helper_params(self) -> tuple[str, ...]:
        return self.params + (("n",) if self.size_arg else ())

    @property
    def call_name(self) -> str:
        """What a 1-D subscript calls: the map, or under a guard the map where it holds and the index elsewhere."""
        return f"{self.map_name}_on" if self.guard_name else self.map_name


def guard_function(name: str, shapes: tuple[tuple[int, int, int], ...]) -> str:
    """The guard's C function: all ones where blockDim is one of `shapes`, zero
    elsewhere. PTX's `neg.s32` makes the mask (frontend/intrinsics.neg_operands
    models it exactly): the compiler sees no condition in it, so it has nothing
    to branch on. A select it may turn into branches can leave a product and the
    sum it feeds in two blocks, where nvcc no longer contracts them into one FMA
    (a red-team layernorm then differed in the last bit on an H100)."""
    return (f"unsigned int {name}(void) {{ unsigned int __rapcc_m; asm(\"neg.s32 %0, %1;\" : \"=r\"(__rapcc_m) : "
            f"\"r\"((unsigned int)({guard_condition(shapes)}))); return __rapcc_m; }}")


def guarded_index(guard_name: str, mapped: str, written: str) -> str:
    """The map where the guard's mask is all ones, the index as written where it is zero."""
    return f"({mapped} & {guard_name}()) | ({written} & ~{guard_name}())"


def guard_condition(shapes: tuple[tuple[int, int, int], ...]) -> str:
    """C: whether blockDim is one of `shapes`. The three sides packed into one word
    (x, y <= 1024 take 11 bits, z <= 64 the rest), one compare per shape, and no
    `&&`/`||`, whose short circuits may become branches at every use."""
    packed = "(blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u))"
    return " | ".join(f"({packed} == {x | (y << 11) | (z << 22)}u)" for x, y, z in shapes)


# Reads the launch's dynamic shared-memory size (PTX special register), so that
# an `extern` array's mapping can stay inside whatever the launch allocated.
DYNAMIC_SMEM_HELPER = "__rapcc_dynamic_smem_bytes"
# The element of an array whose elements are padded (strategies/elempad.py):
# `template <class __rapcc_T, int __rapcc_PAD> struct __rapcc_padded { __rapcc_T v; ... };`
# (helpers.j2). PAD is a multiple of alignof(T), so the wrapper keeps T's
# alignment and is exactly sizeof(T) + PAD bytes; `s[i].v` is the T.
PADDED_ELEMENT = "__rapcc_padded"
PADDED_MEMBER = "v"


@dataclass(frozen=True, slots=True)
class Edit:
    start: int
    end: int
    text: str


# The first words of the header.j2 comment, and how it names each array.
HEADER_TITLE = "shared-memory layouts rewritten to remove bank conflicts."
HEADER_FILE_SCOPE = "<file scope>"


def header_arrays(comment: str) -> tuple[tuple[str | None, str], ...]:
    """(function or None, array) of each array a header comment of rapcc's
    (header.j2, without its `/*` and `*/`) names: the inverse of the header."""
    lines = comment.splitlines()
    if not lines or not lines[0].startswith("rapcc ") or HEADER_TITLE not in lines[0]:
        return ()
    out = []
    for line in lines[1:]:
        words = line.strip().lstrip("*").strip()
        parts = words.split("'")
        # 'NAME' in 'FUNCTION': strategy (...)
        if len(parts) >= 5 and parts[0] == "" and parts[2] == " in " and parts[4].startswith(":"):
            out.append((None if parts[3] == HEADER_FILE_SCOPE else parts[3], parts[1]))
    return tuple(out)


def earlier_header_spans(src: bytes, comments: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Byte spans (with their line break) of the header comments an earlier
    run of rapcc wrote, among `comments` given as (first line, last line):
    each must start its line with `/* rapcc ...` and end its last line with
    `*/`, so that nothing else is taken for one."""
    starts = [0]
    for k, byte in enumerate(src):
        if byte == 0x0A:
            starts.append(k + 1)
    out = []
    for first, last in comments:
        if not 1 <= first <= last < len(starts):
            continue
        start, end = starts[first - 1], starts[last]
        text = src[start:end].decode("utf-8", errors="surrogateescape")
        if text.startswith("/* rapcc ") and text.rstrip().endswith("*/") and header_arrays(text[3:]):
            out.append((start, end))
    return tuple(out)


def _earlier_lines(src: bytes, spans: tuple[tuple[int, int], ...]) -> list[str]:
    """The body lines (arrays and `Reproduce:`) of earlier headers, in order."""
    lines: list[str] = []
    for start, end in spans:
        body = src[start:end].decode("utf-8", errors="surrogateescape").rstrip().splitlines()[1:-1]
        lines.extend(line.rstrip("\r") for line in body)
    return lines


def _template_source(name: str) -> str:
    """Templates ship inside the installed package as `rapcc.templates`; a
    source checkout reads the repository's `templates/` folder."""
    try:
        return resources.files("rapcc.templates").joinpath(name).read_text()
    except ModuleNotFoundError:
        return (Path(__file__).resolve().parent.parent / "templates" / name).read_text()


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Jinja's own cache of compiled templates, in its per-user temporary
    folder: compiling the templates was ~15 ms of every rewrite (issue 20).
    Entries are checked against the template's source, written atomically by
    Jinja, and a folder it cannot use means no cache."""
    import jinja2
    try:
        return jinja2.FileSystemBytecodeCache(pattern="rapcc-%s.cache")
    except (OSError, RuntimeError):
        return None


def _env() -> jinja2.Environment:
    import jinja2
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(_template_source), bytecode_cache=_bytecode_cache(),
        keep_trailing_newline=True, autoescape=False, undefined=jinja2.StrictUndefined)
    env.filters["add_unsigned"] = lambda p: f"unsigned int {p}"
    return env


def helper_for(plan: ArrayPlan, path: str) -> Helper | None:
    m = plan.mapping
    if m.last_index is None:
        return None
    arr = plan.analysis.array
    tag = f"{zlib.crc32(f'{path}|{arr.key}|{m.last_index}'.encode()):08x}"
    base = f"__rapcc_{arr.name}_{tag}"
    accessor = f"{base}_at" if len(m.logical_dims) > 1 else None
    dims_decl = "".join(f"[{d}]" for d in m.phys_dims)
    size = f"{DYNAMIC_SMEM_HELPER}() / {arr.elem_bytes}u" if m.dynamic_group else None
    shapes = plan.analysis.guard
    return Helper(f"{base}_map", accessor, tuple(m.params), m.last_index, dims_decl, size,
                  f"{base}_on" if shapes else None, guard_function(f"{base}_on", shapes) if shapes else None)


def _text(src: bytes, start: int, end: int) -> str:
    return src[start:end].decode("utf-8", errors="surrogateescape")


def grown_dim_text(orig: str, grow: int) -> str:
    """The text of a dimension grown by `grow` elements; shrunk for a negative
    `grow` (a hand pad replaced, handpad.py): a decimal literal becomes the new
    extent, anything else (a macro, an expression) stays spelled, minus the
    difference, parenthesised so that `#define W 32 + 2` gives `(W) - 1`."""
    simple = orig.strip().replace("_", "").replace(" ", "").isalnum()
    if grow >= 0:
        return f"{orig} + {grow}" if simple else f"({orig}) + {grow}"
    literal = orig.strip()
    if literal.isdigit() and not literal.startswith("0"):
        return str(int(literal) + grow)
    return f"({orig.strip()}) - {-grow}"


def edits_for(plan: ArrayPlan, helper: Helper | None, src: bytes) -> list[Edit]:
    """Text edits that realise one array's mapping."""
    arr = plan.analysis.array
    m = plan.mapping
    out: list[Edit] = []
    for d, (old, new, rng) in enumerate(zip(m.written_dims, m.phys_dims, arr.dim_ranges)):
        if old != new:
            assert rng is not None
            out.append(Edit(rng.start, rng.end, grown_dim_text(_text(src, rng.start, rng.end), new - old)))
    if m.elem_pad:
        out.extend(_padded_element_edits(plan, src))
    if helper is None:
        return out
    return out + [_access_edit(x.access, helper, src, arr.name) for x in plan.analysis.accesses
                  if x.access.clone_of is None]


def _padded_element_edits(plan: ArrayPlan, src: bytes) -> list[Edit]:
    """`__shared__ P s[N];` becomes `__shared__ __rapcc_padded<P, PAD> s[N];`
    and every use `s[i].x` becomes `s[i].v.x`: the planner pads elements only
    where every use is such a member access (strategies/elempad.refusal)."""
    arr = plan.analysis.array
    r = arr.elem_type_range
    assert r is not None
    out = [Edit(r.start, r.end, f"{PADDED_ELEMENT}<{_text(src, r.start, r.end)}, {plan.mapping.elem_pad}>")]
    return out + [Edit(x.access.range.end, x.access.range.end, f".{PADDED_MEMBER}") for x in plan.analysis.accesses]


def _access_edit(acc: Access, helper: Helper, src: bytes, name: str) -> Edit:
    if acc.via is not None:
        return Edit(acc.range.start, acc.range.end, _through_alias(acc, helper, src))
    if helper.accessor_name is None:
        r = acc.index_ranges[-1]
        size = f", {helper.size_arg}" if helper.size_arg else ""
        return Edit(r.start, r.end, f"{helper.call_name}({_text(src, r.start, r.end)}{size})")
    args = ", ".join(_text(src, r.start, r.end) for r in acc.index_ranges)
    # `::tile[i][j]` becomes `at(::tile, i, j)`: an unqualified `tile` there may
    # name a local (issue 31). A qualifier not read stays outside the call; the
    # verifier then finds the use is not the array's.
    start = qualified_start(src, acc.range.start)
    start = acc.range.start if start is None else start
    return Edit(start, acc.range.end, f"{helper.accessor_name}({_text(src, start, acc.range.start)}{name}, {args})")


def qualified_start(src: bytes, start: int) -> int | None:
    """Where the name whose last identifier starts at `start` begins, with
    its `::` qualifiers (`::tile`, `ns::tile`); None for a qualifier rapcc
    does not read (a template's, `X<1>::tile`)."""
    i = start
    while True:
        j = i
        while j > 0 and src[j - 1:j] in (b" ", b"\t"):
            j -= 1
        if src[max(j - 2, 0):j] != b"::":
            return i
        k = j - 2
        while k > 0 and src[k - 1:k] in (b" ", b"\t"):
            k -= 1
        m = k
        while m > 0 and (src[m - 1:m].isalnum() or src[m - 1:m] == b"_"):
            m -= 1
        if m == k:  # nothing names a scope: the global `::`, unless a template's arguments end there
            return None if src[k - 1:k] in (b">", b")") else j - 2
        i = m


def clone_name(clone: Clone, array: str, src: bytes) -> str:
    """A name for the copy that nothing in the file spells."""
    base = f"{clone.name}__rapcc_{array}"
    name, n = base, 1
    while name.encode() in src:
        name, n = f"{base}{n}", n + 1
    return name


def clone_edits(plan: ArrayPlan, helper: Helper | None, src: bytes, path: str, main: list[Edit],
                line_directives: bool = True) -> list[Edit]:
    """For each `__device__` function called with this and other arrays in one
    parameter (ir.Clone): a copy after its definition, carrying this array's
    mapping in its subscripts and every other edit inside it (`main`), and the
    calls passing this array renamed to the copy. `#line` keeps nvcc's
    diagnostics on the user's lines, in the copy and after it."""
    if helper is None:
        return []
    arr = plan.analysis.array
    quoted = path.replace("\\", "\\\\").replace('"', '\\"')
    clones = plan.analysis.clones
    names = {c.callee: clone_name(c, arr.name, src) for c in clones}
    # A call passing the array from inside another copied function is renamed
    # in that copy only: the original keeps calling the original.
    renames = [(Edit(r.start, r.end, names[c.callee]), next((o.callee for o in clones if o.definition.start <= r.start
                                                              and r.end <= o.definition.end), None))
               for c in clones for r in c.calls]
    out: list[Edit] = [e for e, home in renames if home is None]
    for c in clones:
        d = c.definition
        name = names[c.callee]
        inside = [e for e in main if d.start <= e.start and e.end <= d.end]
        inside += [_access_edit(x.access, helper, src, arr.name) for x in plan.analysis.accesses
                   if x.access.clone_of == c.callee]
        inside += [e for e, home in renames if home == c.callee]
        inside.append(Edit(c.name_at.start, c.name_at.end, name))
        body = apply_edits(src[d.start:d.end], [Edit(e.start - d.start, e.end - d.start, e.text) for e in inside])
        newline = b"\r\n" if b"\r\n" in src else b"\n"
        eol = src.find(b"\n", d.end)
        at = len(src) if eol < 0 else eol + 1
        next_line = src.count(b"\n", 0, at) + 1
        lead = newline if eol < 0 else b""
        if line_directives:
            text = (lead + f'#line {d.line} "{quoted}"'.encode() + newline + body + newline
                    + f'#line {next_line} "{quoted}"'.encode() + newline)
        else:
            text = lead + body + newline
        out.append(Edit(at, at, text.decode("utf-8", errors="surrogateescape")))
    return out


def _through_alias(acc: Access, helper: Helper, src: bytes) -> str:
    """`p[i]` with `float *p = s + k` becomes the mapped access `s[map((k) + (i))]`;
    `row[i]` with `float *row = tile[r]` becomes `accessor(tile, r, i)`."""
    via = acc.via
    assert via is not None
    spelled = [_text(src, r.start, r.end) for r in acc.index_ranges]
    if via.offset is not None:
        spelled[0] = f"({via.offset}) + ({spelled[0]})"
    args = [f"({t})" for t in via.lead] + spelled
    if helper.accessor_name is None:
        size = f", {helper.size_arg}" if helper.size_arg else ""
        return f"{via.base}[{helper.call_name}({args[0]}{size})]"
    return f"{helper.accessor_name}({via.base}, {', '.join(args)})"


def blank_edit(src: bytes, start: int, end: int) -> Edit:
    """src[start:end] (a whole directive) removed but for its line breaks, so lines do not move."""
    text = _text(src, start, end)
    return Edit(start, end, "".join(c for c in text if c in "\r\n"))


def apply_edits(src: bytes, edits: list[Edit]) -> bytes:
    out = []
    pos = 0
    # A subscript spelled once in a macro argument that the macro body uses
    # several times is several accesses with one text: one edit serves them all.
    # Insertions at one place (copies of one function for two arrays) go in the
    # order of their text: the same input gives the same bytes in every process.
    for e in sorted(set(edits), key=lambda e: (e.start, e.end, e.text)):
        if e.start < pos:
            raise ValueError("overlapping edits")
        out.append(src[pos:e.start])
        out.append(e.text.encode("utf-8", errors="surrogateescape"))
        pos = e.end
    out.append(src[pos:])
    return b"".join(out)


def rewrite(src: bytes, path: str, plans: tuple[ArrayPlan, ...], command: str,
            guards: tuple[tuple[str, int], ...] = (), line_directives: bool = True,
            blank: tuple[tuple[int, int], ...] = (), earlier: tuple[tuple[int, int], ...] = (),
            header: bool = True) -> tuple[bytes, tuple[Helper, ...]]:
    """The rewritten file and its helpers; `src` itself when no plan rewrites anything.

    `guards` are the macro values the layouts were proved for: the output ends
    with an `#error` for a build that defines any of them otherwise. Without
    `line_directives` (a file rewritten in place) the output has no `#line`.
    `blank` are byte spans of directives to remove (rapcc's pragmas, for a
    compiler that would warn about them); their line breaks stay, so lines do not move.
    `earlier` are the spans of an earlier run's header comments (`earlier_header_spans`):
    their lines move into this run's header, so a file rewritten again has one.
    Without `header` the output has no header comment and the helpers start
    the file (SARIF's fixes: edits of the user's code alone)."""
    chosen = [p for p in plans if p.rewritten]
    blanks = [blank_edit(src, start, end) for start, end in blank]
    if not chosen:
        if not blanks:
            return src, ()
        quoted = path.replace("\\", "\\\\").replace('"', '\\"')
        head = f'#line 1 "{quoted}"\n'.encode() if line_directives else b""
        return head + apply_edits(src, blanks), ()
    helpers: list[Helper] = []
    edits: list[Edit] = blanks + [Edit(start, end, "") for start, end in earlier]
    by_plan: list[tuple[ArrayPlan, Helper | None]] = []
    for p in chosen:
        h = helper_for(p, path)
        if h is not None:
            helpers.append(h)
        edits.extend(edits_for(p, h, src))
        by_plan.append((p, h))
    main = list(edits)
    for p, h in by_plan:
        edits.extend(clone_edits(p, h, src, path, main, line_directives))
    env = _env()
    comment = "" if not header else env.get_template("header.j2").render(
        version=__version__, command=command, earlier=_earlier_lines(src, earlier),
        arrays=[{"name": p.analysis.array.name, "function": p.analysis.array.function or HEADER_FILE_SCOPE,
                 "strategy": p.mapping.strategy, "description": p.mapping.description,
                 "guard": ", ".join("x".join(map(str, s)) for s in p.analysis.guard),
                 "macros": sorted({m for u in p.analysis.inactive for m in u.macros})} for p in chosen])
    prologue = env.get_template("helpers.j2").render(
        helpers=helpers, dynamic_smem=DYNAMIC_SMEM_HELPER if any(h.size_arg for h in helpers) else None,
        padded=PADDED_ELEMENT if any(p.mapping.elem_pad for p in chosen) else None,
        line_directives=line_directives, path=path.replace("\\", "\\\\").replace('"', '\\"'))
    body = apply_edits(src, edits)
    # The prologue takes the file's line endings, so a CRLF file stays CRLF throughout.
    newline = b"\r\n" if b"\r\n" in src else b"\n"
    if guards:
        tail = env.get_template("guards.j2").render(guards=guards).encode().replace(b"\n", newline)
        body += (b"" if body.endswith(b"\n") else newline) + tail
    if not header:  # the helpers alone, from the first line, and nothing if there are none
        prologue = prologue.strip("\n") + "\n" if prologue.strip() else ""
    return (comment + prologue).encode().replace(b"\n", newline) + body, tuple(helpers)
