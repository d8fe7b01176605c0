"""The floating-point dataflow of PTX functions, to compare an input's with its rewrite's.

A layout rewrite changes only where elements live: the integer address
arithmetic. It must not change how nvcc computes floating point, yet heavier
index arithmetic can move nvcc's choices (issue 27: `rt4_43` under `rap`, its
16-trip loop unrolled by 4 instead of fully, so one `o * scale + pk * V[k][d]`
was contracted differently and 143 of 4096 outputs moved by 1 ulp).

What is compared, per function (`.entry` and `.func`), in program order:

- every instruction whose type is a float type (`.f16`, `.bf16`, `.f32`,
  `.f64`, their `x2` forms, `.tf32` and the 8-bit float formats) or that
  reads or writes a register declared with one: arithmetic (`fma`, `mul`,
  `add`, `sub`, `div`, `rcp`, `sqrt`, `ex2`, ...), with every modifier
  (`.rn`, `.ftz`, `.approx`, `.sat`); `cvt` to and from float; `setp`,
  `selp`, `min`/`max`, `neg`, `abs`, `mov` of floats; float stores and
  atomics (with the address left out);
- every instruction whose result one of those reads as a value, transitively
  (the integers a `cvt` converts, a predicate a `selp` picks with, a shuffle
  of a float's bits), but never through an address (`[...]`): addresses are
  the integer arithmetic a layout is allowed to change;
- the basic blocks the float instructions sit in, which decide what nvcc
  and ptxas may contract: each label or branch is one boundary (consecutive
  ones one), so that the same blocks laid out or linked otherwise (a loop
  rotated, a branch made unconditional) read the same; calls, `ret` and
  `exit` as they are.

Registers are renamed by first appearance, labels too, and a memory operand
is `[]`. A register written once by a plain `mov` of another is that other
(a bit cast through an integer register). A load is a leaf, not an
instruction: it is named by its kind (`ld.shared.b32`: widths, not types, so
`u32` and `f32` loads are one), the symbols its address is computed from (the
array, the kernel parameter) and its rank among such loads in program order,
so that nvcc loading one array before another, or splitting a vector load
into scalars, changes nothing, while two elements of one array in each
other's place still differ. Vector stores are split into scalar stores.

Equal streams mean the same float expression trees in the same blocks: the
same operations with the same rounding modifiers (a contraction changes
`mul`+`add` into `fma`), applied to the same operands in the same order (a
reassociation renames differently; the two sources of `add`, `mul`, `min`,
`max` and of `fma`'s product are sorted, since they commute exactly), the
same number of times per block (an unrolling that differs changes the static
sequence, and with it what may be contracted). Conservative where unsure:
elements of one array loaded in another order, or loaded twice where the
input reused one load, differ; so does any unrolling that differs, even
where no contraction moved.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# PTX's floating-point types (the x2/x4 packed forms and the 8-bit and 6-bit formats included).
FLOAT_TYPES = frozenset({"f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "tf32", "e4m3", "e5m2", "e4m3x2",
                         "e5m2x2", "e4m3x4", "e5m2x4", "e2m3x2", "e3m2x2", "e2m1x2", "f32x2", "ue8m0x2"})
# Instructions that only read memory: their results are leaves (`_Leaves`).
_LOADS = ("ld", "ldu", "tex", "tld4", "suld", "ldmatrix", "cp")
# Float operations whose first two sources commute exactly (IEEE 754: a + b is b + a; fma(a, b, c) is fma(b, a, c)).
_COMMUTATIVE = ("add", "mul", "fma", "min", "max")
# Control flow: the blocks float instructions sit in.
_CONTROL = ("bra", "call", "ret", "exit", "brx")
_BRANCHES = ("bra", "brx")
BOUNDARY = "|"  # a label or a branch, in a stream

_FUNCTION = re.compile(r"\.(entry|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$%][\w$]*)")
_REG_DECL = re.compile(r"\.reg\s+\.(\w+)\s+(%[A-Za-z_]+)(?:<\d+>)?")
_LABEL = re.compile(r"^([$A-Za-z_][\w$]*):")
_REGISTER = re.compile(r"%[A-Za-z_]+\d*(?:\.[xyzw])?")
_CLASS = re.compile(r"%([A-Za-z_]+?)(\d+)$")


@dataclass(frozen=True, slots=True)
class FloatStream:
    """One PTX function's float dataflow: canonical instructions in program order."""

    name: str  # as PTX spells it (mangled)
    instructions: tuple[str, ...]
    floats: int  # how many of them are float instructions (not labels or control flow)


@dataclass(frozen=True, slots=True)
class StreamDiff:
    """Where two functions' float dataflow first differs: the canonical
    instruction at that position in each (None: that one has ended)."""

    name: str
    index: int
    before: str | None
    after: str | None


def _statements(body: str) -> list[str]:
    """A function body's labels and statements, comments dropped, and the
    braces of its inner blocks (a call's parameter scope) left out."""
    body = re.sub(r"//[^\n]*|/\*.*?\*/", "", body, flags=re.S)
    out: list[str] = []
    for part in body.split(";"):
        text = part.strip()
        while text[:1] in ("{", "}") or _LABEL.match(text):
            m = _LABEL.match(text)
            if m is not None:
                out.append(m.group(0))
                text = text[m.end():].strip()
            else:
                text = text[1:].strip()
        if text:
            out.append(text)
    return out


def functions(ptx: str) -> dict[str, str]:
    """Function name -> its body (between its braces), for every `.entry` and `.func` with a body."""
    out: dict[str, str] = {}
    for m in _FUNCTION.finditer(ptx):
        i = m.end()
        while i < len(ptx) and ptx[i].isspace():
            i += 1
        if ptx.startswith("(", i):
            i = ptx.find(")", i) + 1
            if i == 0:
                continue
        opening, semicolon = ptx.find("{", i), ptx.find(";", i)
        if opening < 0 or 0 <= semicolon < opening:
            continue  # a declaration (`.extern .func ...;`): no body here
        depth, j = 0, opening
        while j < len(ptx):
            if ptx[j] == "{":
                depth += 1
            elif ptx[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        out[m.group(2)] = ptx[opening + 1:j]
    return out


def _operands(text: str) -> list[str]:
    """Operands split at top-level commas (not inside `[]`, `{}` or `()`)."""
    out, depth, cur = [], 0, []
    for ch in text:
        if ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


class _Names:
    """Canonical names by first appearance, one count per kind (values "v", labels "L")."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}
        self.count: dict[str, int] = {}

    def name(self, token: str, kind: str) -> str:
        if token not in self.seen:
            n = self.count.get(kind, 0)
            self.count[kind] = n + 1
            self.seen[token] = f"{kind}{n}"
        return self.seen[token]


def _register_class(reg: str) -> str | None:
    m = _CLASS.match(reg)
    return m.group(1) if m else None


def _is_float(opcode: str, operands: list[str], float_regs: frozenset[str]) -> bool:
    if any(part in FLOAT_TYPES for part in opcode.split(".")[1:]):
        return True
    return any(_register_class(r) in float_regs for op in operands for r in _REGISTER.findall(op))


def _split_vector(opcode: str, operands: list[str]) -> list[tuple[str, list[str]]]:
    """`ld.shared.v2.f32 {x, y}, [a]` as two scalar loads, and a vector store as
    scalar stores: a vectorised access moves the same values, and a layout
    decides whether nvcc may vectorise."""
    parts = opcode.split(".")
    vec = next((p for p in parts if p in ("v2", "v4", "v8")), None)
    head = parts[0]
    at = 0 if head in _LOADS else 1
    if vec is None or len(operands) != 2 or head not in _LOADS + ("st",) or not operands[at].startswith("{"):
        return [(opcode, operands)]
    scalar = ".".join(p for p in parts if p != vec)
    values = _operands(operands[at][1:-1])
    return [(scalar, [v, operands[1]] if at == 0 else [operands[0], v]) for v in values]


@dataclass(frozen=True, slots=True)
class _Statement:
    guard: str  # "" or the guard operand ("%p1", "!%p1")
    opcode: str
    operands: tuple[str, ...]

    @property
    def head(self) -> str:
        return self.opcode.split(".")[0]

    def defined(self) -> set[str]:
        """The registers it writes: its first operand's, for an instruction that writes one."""
        if self.head in _NO_RESULT or not self.operands:
            return set()
        return set(_REGISTER.findall(self.operands[0].replace("|", ",")))

    def read(self) -> set[str]:
        """The registers it reads as values: not addresses (`[...]`), which the rewrite may change."""
        ops = self.operands if self.head in _NO_RESULT else self.operands[1:]
        regs = {r for op in ops if not op.startswith("[") for r in _REGISTER.findall(op)}
        return regs | set(_REGISTER.findall(self.guard))


# Instructions with no register result in their first operand.
_NO_RESULT = ("st", "red", "bar", "barrier", "membar", "fence", "prefetch", "prefetchu", "cp", "sust", "sured",
              "stmatrix", "bra", "call", "ret", "exit", "brx", "trap", "nanosleep")


def _parse(body: str) -> list[_Statement | str]:
    """Labels (as "NAME:") and statements, declarations dropped."""
    out: list[_Statement | str] = []
    for s in _statements(body):
        if s.startswith("."):
            continue  # a declaration (.reg, .shared, .local, .param, .pragma)
        if _LABEL.fullmatch(s):
            out.append(s)
            continue
        guard = ""
        if s.startswith("@"):
            guard_text, _, s = s.partition(" ")
            guard, s = guard_text[1:], s.strip()
        opcode, _, rest = s.partition(" ")
        for op, ops in _split_vector(opcode, _operands(rest.replace("\t", " ").strip())):
            out.append(_Statement(guard, op, tuple(ops)))
    return out


def _float_slice(statements: list[_Statement | str], float_regs: frozenset[str]) -> tuple[set[int], set[int]]:
    """(the float instructions, those and every instruction whose result one
    of them reads, transitively): a value's whole computation, down to the
    loads and integers it starts from, so that its leaves keep their identity."""
    seeds = {i for i, s in enumerate(statements) if isinstance(s, _Statement) and s.head not in _CONTROL
             and _is_float(s.opcode, list(s.operands), float_regs)}
    definers: dict[str, list[int]] = {}
    for i, s in enumerate(statements):
        if isinstance(s, _Statement) and s.head not in _CONTROL:
            for r in s.defined():
                definers.setdefault(r, []).append(i)
    taken, work = set(seeds), list(seeds)
    seen: set[str] = set()
    while work:
        s = statements[work.pop()]
        assert isinstance(s, _Statement)
        for r in s.read() - seen:
            seen.add(r)
            for j in definers.get(r, ()):
                if j not in taken:
                    taken.add(j)
                    work.append(j)
    return seeds, taken


# A load or move carries bits: its type names only their width (`ld.shared.u32` and `ld.shared.f32` load the same).
_WIDTH = {"b8": "b8", "u8": "b8", "s8": "b8", "b16": "b16", "u16": "b16", "s16": "b16", "f16": "b16", "bf16": "b16",
          "b32": "b32", "u32": "b32", "s32": "b32", "f32": "b32", "f16x2": "b32", "bf16x2": "b32", "b64": "b64",
          "u64": "b64", "s64": "b64", "f64": "b64"}
_SYMBOL = re.compile(r"(?<![%\w$.])[A-Za-z_$][\w$]*")


def _widths(opcode: str) -> str:
    return ".".join(_WIDTH.get(p, p) for p in opcode.split("."))


class _Leaves:
    """Loads as leaves, each named by the kind of load, the symbols its address
    is computed from (the array, the kernel parameter) and its rank among the
    loads of that kind in program order: nvcc loading one array before another
    changes nothing, while two elements of one array in each other's place
    differ. (A load nvcc repeats in one and reuses in the other differs too:
    conservative.)"""

    def __init__(self, statements: list[_Statement | str]):
        self.definers: dict[str, list[_Statement]] = {}
        for s in statements:
            if isinstance(s, _Statement) and s.head not in _CONTROL:
                for r in s.defined():
                    self.definers.setdefault(r, []).append(s)
        self.tags: dict[str, str] = {}
        ranks: dict[str, int] = {}
        for s in statements:
            if isinstance(s, _Statement) and s.head in _LOADS and s.operands:
                kind = f"{_widths(s.opcode)}({','.join(sorted(self._symbols(s.operands[1:])))})"
                rank = ranks.get(kind, 0)
                ranks[kind] = rank + 1
                tag = f"{kind}#{rank}"
                for r in s.defined():
                    self.tags[r] = tag if self.tags.get(r, tag) == tag else "ld(several)"
        # A register written once by a plain move of another is that register (a bit cast, a copy).
        self.alias: dict[str, str] = {}
        for s in statements:
            if isinstance(s, _Statement) and s.head == "mov" and not s.guard and len(s.operands) == 2:
                dst, src = s.operands
                if _register_class(dst) and _register_class(src) and len(self.definers.get(dst, ())) == 1:
                    self.alias[dst] = src

    def _symbols(self, operands: tuple[str, ...]) -> set[str]:
        found: set[str] = set()
        seen: set[str] = set()
        work = [r for op in operands for r in _REGISTER.findall(op)]
        found.update(sym for op in operands for sym in _SYMBOL.findall(op))
        while work:
            r = work.pop()
            if r in seen:
                continue
            seen.add(r)
            for d in self.definers.get(r, ()):
                found.update(sym for op in d.operands[1:] for sym in _SYMBOL.findall(op))
                work += [x for op in d.operands[1:] for x in _REGISTER.findall(op)]
        return found

    def root(self, reg: str) -> str:
        seen = set()
        while reg in self.alias and reg not in seen:
            seen.add(reg)
            reg = self.alias[reg]
        return reg


def _register_operands(op: str, leaves: _Leaves, names: _Names, labels: set[str]) -> str:
    """An operand canonically: registers through their aliases, loads as tagged leaves."""
    def one(m: re.Match) -> str:
        reg = leaves.root(m.group(0))
        if reg in labels or _register_class(reg) is None:
            return reg
        tag = leaves.tags.get(reg)
        return "%" + (tag if tag is not None else names.name(reg, "v"))
    if op.startswith("["):
        return "[]"
    if op.startswith("{") or op.startswith("("):
        inner = ",".join(_register_operands(o, leaves, names, labels) for o in _operands(op[1:-1]))
        return op[0] + inner + op[-1]
    if op.lstrip("!-") in labels:
        return op[:len(op) - len(op.lstrip("!-"))] + names.name(op.lstrip("!-"), "L")
    return _REGISTER.sub(one, op)


def float_stream(name: str, body: str) -> FloatStream:
    """The canonical float dataflow of one function's body (see the module's docstring)."""
    float_regs = frozenset(cls.lstrip("%") for t, cls in _REG_DECL.findall(body) if t in FLOAT_TYPES)
    statements = _parse(body)
    labels = {s[:-1] for s in statements if isinstance(s, str)}
    seeds, taken = _float_slice(statements, float_regs)
    leaves = _Leaves(statements)
    names = _Names()
    out: list[str] = []
    for i, s in enumerate(statements):
        if isinstance(s, str) or s.head in _BRANCHES:
            # A block boundary: where a block starts or ends decides what may be
            # contracted; how nvcc lays the blocks out and links them does not.
            if out and out[-1] != BOUNDARY:
                out.append(BOUNDARY)
            continue
        if s.head not in _CONTROL and i not in taken:
            continue
        if s.head in _LOADS or (s.head == "mov" and s.operands and s.operands[0] in leaves.alias):
            continue  # a leaf, named where it is used; a move, its source's name
        guard = "@" + _register_operands(s.guard, leaves, names, labels) + " " if s.guard else ""
        ops = [_register_operands(o, leaves, names, labels) for o in s.operands]
        if s.head in _COMMUTATIVE and s.opcode.split(".")[-1] in FLOAT_TYPES and len(ops) >= 3:
            ops[1:3] = sorted(ops[1:3])  # a * b is b * a, bit for bit (fma's product too)
        opcode = _widths(s.opcode) if s.head in ("st", "mov") else s.opcode
        out.append(guard + opcode + " " + ",".join(ops))
    return FloatStream(name, tuple(out), len(seeds))


_ANONYMOUS = re.compile(r"(\d+)(_GLOBAL__N_)")


def _without_anonymous_ids(ptx: str) -> str:
    """`ptx` with each anonymous namespace's name (`63_GLOBAL__N__68d047b2_30_k_cu_90772402`:
    nvcc derives it from the file's path, and a rewrite compiles from another
    folder) replaced by one spelling: the functions and arrays keep their names."""
    out, at = [], 0
    for m in _ANONYMOUS.finditer(ptx):
        if m.start() < at:
            continue
        length = int(m.group(1))
        out.append(ptx[at:m.start()] + "11_GLOBAL__N_")
        at = m.start(2) + length
    return "".join(out) + ptx[at:]


def float_streams(ptx: str) -> dict[str, FloatStream]:
    """Every function's float dataflow in a PTX module, by its PTX name."""
    return {name: float_stream(name, body) for name, body in functions(_without_anonymous_ids(ptx)).items()}


def first_difference(before: FloatStream | None, after: FloatStream | None) -> StreamDiff | None:
    """Where the two streams of one function first differ; None when they are
    equal. A function that only one side has differs where it has floats."""
    name = (before or after).name if (before or after) is not None else ""
    a = before.instructions if before is not None and before.floats else ()
    b = after.instructions if after is not None and after.floats else ()
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else None
        y = b[i] if i < len(b) else None
        if x != y:
            return StreamDiff(name, i, x, y)
    return None


def differing_functions(before_ptx: str, after_ptx: str) -> tuple[StreamDiff, ...]:
    """The functions of two PTX modules whose float dataflow differs, in the input's order."""
    old, new = float_streams(before_ptx), float_streams(after_ptx)
    out = []
    for name in list(old) + [n for n in new if n not in old]:
        diff = first_difference(old.get(name), new.get(name))
        if diff is not None:
            out.append(diff)
    return tuple(out)


def has_floats(ptx: str) -> bool:
    """Whether any function of the module has a float instruction."""
    return any(s.floats for s in float_streams(ptx).values())


__all__ = ["FLOAT_TYPES", "FloatStream", "StreamDiff", "differing_functions", "first_difference", "float_stream",
           "float_streams", "functions", "has_floats"]
