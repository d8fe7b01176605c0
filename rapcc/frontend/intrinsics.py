"""Device facts that both models of a kernel read alike: the prediction's
replay (`exprs.py`, `collect_loops.py`) and the sound proof (`lower.py`).
Each is recognised by its exact text or by its declaration in the toolkit
or rapcc's stand-ins, never by a name alone, so the two models cannot
disagree on what a construct is (issue 30).

- `asm("mov.u32 %0, %%laneid;" : "=r"(x))`: PTX's `%laneid` is the thread's
  lane in its warp, and warps are 32 consecutive linear thread indices
  (x + y * Dx + z * Dx * Dy), so the lane is the linear index mod 32. Only
  this instruction text with one `=r` output is read; any other asm stays
  unknown. `%warpid` is not modelled: PTX says it is the warp's slot on the
  SM and may change during the thread's life, so it is not tid / 32.
- `__popc`, `__ffs`, `__clz` and their 64-bit forms: a count of bits of
  their operand's width, so a value in [0, width].
- cooperative groups' `thread_rank()`, `size()`, `num_threads()`,
  `meta_group_rank()` and `meta_group_size()` on `thread_block` and a
  static `thread_block_tile<N>`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from clang.cindex import Cursor, CursorKind as K, TypeKind as T

from .clangext import children, strip

# The one instruction read, whitespace aside: `mov.u32 %0, %%laneid;`.
_LANEID = re.compile(r'"\s*mov\.u32\s+%0\s*,\s*%%laneid\s*;?\s*"')
_ASM = {"asm", "__asm", "__asm__"}
_VOLATILE = {"volatile", "__volatile", "__volatile__"}
_INT32 = {T.UINT, T.INT}

# The counting intrinsics: name -> the width of the operand they count in.
_COUNTS = {"__popc": 32, "__ffs": 32, "__clz": 32, "__popcll": 64, "__ffsll": 64, "__clzll": 64}
_COUNT_OPERANDS = {32: {T.UINT, T.INT}, 64: {T.ULONGLONG, T.LONGLONG, T.ULONG, T.LONG}}


def _system(decl: Cursor) -> bool:
    loc = decl.location
    return loc.file is not None and loc.is_in_system_header


def _asm_tokens(stmt: Cursor) -> list[str]:
    """The statement's own tokens without its `;` and `volatile` (a macro's use
    shows its name, so it is not read); asm statements are rare enough to ask
    libclang for them."""
    spelled = [t.spelling for t in stmt.get_tokens()]
    if spelled and spelled[-1] == ";":
        spelled.pop()
    if len(spelled) > 1 and spelled[1] in _VOLATILE:
        del spelled[1]
    return spelled


# ---- rapcc's own guard mask ----

# `asm("neg.s32 %0, %1;" : "=r"(m) : "r"(e))`: m = 0 - e, modulo 2^32. rapcc
# emits it (rewrite.guard_function) to turn the test of blockDim into a mask
# the compiler cannot branch on.
_NEG = re.compile(r'"\s*neg\.s32\s+%0\s*,\s*%1\s*;?\s*"')


def neg_operands(stmt: Cursor) -> tuple[Cursor, Cursor] | None:
    """(the local set, the input expression) where `stmt` is exactly
    `asm [volatile] ("neg.s32 %0, %1;" : "=r"(x) : "r"(e))` with `x` a 32-bit
    integer local of this function; None for any other statement."""
    if stmt.kind != K.ASM_STMT:
        return None
    spelled = _asm_tokens(stmt)
    if len(spelled) < 14 or spelled[0] not in _ASM or spelled[1] != "(" or not _NEG.fullmatch(spelled[2]) \
            or spelled[3:6] != [":", '"=r"', "("] or spelled[7:11] != [")", ":", '"r"', "("] \
            or spelled[-2:] != [")", ")"]:
        return None
    kids = children(stmt)
    if len(kids) != 2 or kids[0].kind != K.DECL_REF_EXPR or kids[0].spelling != spelled[6]:
        return None
    decl = kids[0].referenced
    parent = decl.semantic_parent if decl is not None else None
    if decl is None or decl.kind != K.VAR_DECL or parent is None \
            or parent.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD) \
            or decl.type.get_canonical().kind not in _INT32 or kids[1].type.get_canonical().kind not in _INT32:
        return None
    return decl, kids[1]


# ---- %laneid ----

def laneid_output(stmt: Cursor) -> Cursor | None:
    """The local that `stmt` sets to the thread's lane, where `stmt` is
    exactly `asm [volatile] ("mov.u32 %0, %%laneid;" : "=r"(x))` with `x` a
    32-bit integer local of this function; None for any other statement."""
    if stmt.kind != K.ASM_STMT:
        return None
    spelled = _asm_tokens(stmt)
    if len(spelled) != 9 or spelled[0] not in _ASM or spelled[1] != "(" or not _LANEID.fullmatch(spelled[2]) \
            or spelled[3:6] != [":", '"=r"', "("] or spelled[7:] != [")", ")"]:
        return None
    refs = [k for k in stmt.walk_preorder() if k.kind == K.DECL_REF_EXPR]
    if len(refs) != 1 or refs[0].spelling != spelled[6] or refs[0].referenced is None:
        return None
    decl = refs[0].referenced
    parent = decl.semantic_parent
    if decl.kind != K.VAR_DECL or parent is None or parent.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE,
                                                                         K.CXX_METHOD):
        return None
    if decl.type.get_canonical().kind not in _INT32:
        return None
    return decl


def laneid_helper(fn: Cursor) -> bool:
    """Whether `fn` is CUB's `LaneId()` shape: no parameters and a body of
    exactly `unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r;`."""
    if any(c.kind == K.PARM_DECL for c in children(fn)):
        return False
    body = next((c for c in children(fn) if c.kind == K.COMPOUND_STMT), None)
    stmts = children(body) if body is not None else []
    if len(stmts) != 3 or stmts[0].kind != K.DECL_STMT or stmts[2].kind != K.RETURN_STMT:
        return False
    decls = children(stmts[0])
    if len(decls) != 1 or decls[0].kind != K.VAR_DECL or any(k.kind.is_expression() for k in children(decls[0])):
        return False
    out = laneid_output(stmts[1])
    returned = [strip(k) for k in children(stmts[2])]
    return out is not None and out == decls[0] and len(returned) == 1 \
        and returned[0].kind == K.DECL_REF_EXPR and returned[0].referenced == decls[0]


# ---- counting bit intrinsics ----

def bit_count_width(call: Cursor) -> int | None:
    """The operand width a call of `__popc`, `__ffs`, `__clz` (or their
    64-bit forms) counts in, its result being in [0, width]; None unless the
    callee is the toolkit's (or rapcc's stand-in) declaration of one."""
    if call.kind != K.CALL_EXPR:
        return None
    ref = call.referenced
    if ref is None or ref.kind != K.FUNCTION_DECL or not _system(ref):
        return None
    width = _COUNTS.get(ref.spelling)
    params = [p for p in children(ref) if p.kind == K.PARM_DECL]
    if width is None or len(params) != 1 or len(list(call.get_arguments())) != 1:
        return None
    if params[0].type.get_canonical().kind not in _COUNT_OPERANDS[width]:
        return None
    return width


_MUL24 = {"__umul24": T.UINT, "__mul24": T.INT}  # the 24-bit multiplies, by their operands' type


def mul24_signed(call: Cursor) -> bool | None:
    """Whether a call of the toolkit's (or rapcc's stand-in) `__mul24` (True) or
    `__umul24` (False) it is, taking its two operands; None for any other call."""
    if call.kind != K.CALL_EXPR:
        return None
    ref = call.referenced
    if ref is None or ref.kind != K.FUNCTION_DECL or not _system(ref) or ref.spelling not in _MUL24:
        return None
    params = [p for p in children(ref) if p.kind == K.PARM_DECL]
    if len(params) != 2 or len(list(call.get_arguments())) != 2 \
            or any(p.type.get_canonical().kind != _MUL24[ref.spelling] for p in params):
        return None
    return ref.spelling == "__mul24"


# ---- cooperative groups ----

class GroupWhat(Enum):
    RANK = "thread_rank"  # the block's linear index; a tile's: that mod N
    SIZE = "size"  # the block's thread count; a tile's: N
    META_RANK = "meta_group_rank"  # a tile's: the linear index / N
    META_SIZE = "meta_group_size"  # a tile's: the block's thread count / N


_GROUP_METHODS = {"thread_rank": GroupWhat.RANK, "size": GroupWhat.SIZE, "num_threads": GroupWhat.SIZE,
                  "meta_group_rank": GroupWhat.META_RANK, "meta_group_size": GroupWhat.META_SIZE}


@dataclass(frozen=True, slots=True)
class GroupValue:
    """What a cooperative-groups call stands for: `tile` is None for the
    whole thread block, N for a `thread_block_tile<N>` (N consecutive ranks).
    `block_parent`: the tile's type is `thread_block_tile<N, thread_block>`,
    which only `tiled_partition<N>(a thread_block)` makes (the toolkit's
    constructor is protected; the one conversion goes to the type-erased
    `thread_block_tile<N>`), so its meta-group rank and size count within
    the block (the toolkit's `ParentT::thread_rank() / N`)."""

    what: GroupWhat
    tile: int | None
    block_parent: bool = False


def group_value(call: Cursor) -> GroupValue | None:
    """`cta.thread_rank()`, `tile32.meta_group_rank()`... where the object's
    type is cooperative_groups' own `thread_block` or `thread_block_tile<N>`
    (N a power of two, as the toolkit requires); None for anything else."""
    if call.kind != K.CALL_EXPR or call.spelling not in _GROUP_METHODS:
        return None
    kids = children(call)
    member = strip(kids[0]) if kids else None  # a static member (`tile.size()`) sits under a decay
    if member is None or member.kind != K.MEMBER_REF_EXPR:
        return None
    ref = call.referenced
    if ref is None or not _system(ref):
        return None
    base = next(iter(children(member)), None)
    decl = base.type.get_canonical().get_declaration() if base is not None else None
    if decl is None or decl.semantic_parent is None:
        return None
    if not _in_cooperative_groups(decl):
        return None
    what = _GROUP_METHODS[call.spelling]
    if decl.spelling == "thread_block":
        return GroupValue(what, None) if what in (GroupWhat.RANK, GroupWhat.SIZE) else None
    if decl.spelling == "thread_block_tile" and decl.get_num_template_arguments() > 0:
        n = decl.get_template_argument_value(0)
        if n <= 0 or n & (n - 1):
            return None
        return GroupValue(what, n, _block_parent(decl))
    return None


def _in_cooperative_groups(decl: Cursor) -> bool:
    ns = decl.semantic_parent
    while ns is not None and ns.kind == K.NAMESPACE and ns.spelling.startswith("__"):
        ns = ns.semantic_parent  # the toolkit's inline `__v1`
    return ns is not None and ns.kind == K.NAMESPACE and ns.spelling == "cooperative_groups" \
        and ns.semantic_parent is not None and ns.semantic_parent.kind == K.TRANSLATION_UNIT


def _block_parent(tile: Cursor) -> bool:
    """Whether a `thread_block_tile` specialisation's second argument
    (ParentT) is cooperative_groups' own `thread_block`; False for the
    type-erased `thread_block_tile<N>` (ParentT void: any parent) and a tile
    of a tile."""
    if tile.get_num_template_arguments() < 2:
        return False
    parent = tile.get_template_argument_type(1).get_canonical().get_declaration()
    return parent is not None and parent.kind in (K.CLASS_DECL, K.STRUCT_DECL) \
        and parent.spelling == "thread_block" and _in_cooperative_groups(parent)
