"""The front end's shared walks (issue 20) against libclang's own: `Preorder`
against `Cursor.walk_preorder`, and `SubtreeWrites` against `assignment_counts`
of each subtree walked anew, on the examples and on a file of many kernels."""
from __future__ import annotations

import sys

import pytest
from clang.cindex import CursorKind as K

from rapcc.frontend.clangext import children
from rapcc.frontend.host_values import host_launches, kernel_fields
from rapcc.frontend.parse import ParseConfig, parse
from rapcc.frontend.preorder import Preorder, cursor_key
from rapcc.frontend.statements import ADDRESS_TAKEN, SubtreeWrites, assignment_counts
from rapcc.frontend.toplevel import top_level
from conftest import EXAMPLES, ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from speed import kernels_file  # noqa: E402

FILES = {name: (EXAMPLES / f"{name}.cu").read_bytes()
         for name in ("transpose_32x8", "stencil_rowptr", "fft_radix2", "helper_clones", "nw_wavefront", "lud_tile")}
FILES["kernels"] = kernels_file(3).encode()
# Writes of every kind, nested: `=`, compound, ++/--, address taken, through parentheses and casts.
FILES["writes"] = b"""
__device__ void take(int *p) { *p = 1; }
__global__ void k(int *out, int n)
{
    __shared__ int s[64];
    int a = 0, b = 1, c = 2;
    for (int i = 0; i < n; i++) {
        a += i;
        if (i & 1) { (b) = a; c--; ++c; }
        else { for (int j = 0; j < 4; j += 2) { s[j] = (int)(a = j); take(&c); } }
    }
    out[threadIdx.x] = a + b + c + s[threadIdx.x];
}
"""


def _tops(name: str, source: bytes):
    path = f"{name}.cu"
    tu, _ = parse(path, source, ParseConfig())
    return tu, [t.cursor for t in top_level(tu) if t.main]


def _same(got, want) -> None:
    assert len(got) == len(want)
    assert all(g == w and g.kind == w.kind and g.extent.start.offset == w.extent.start.offset
               for g, w in zip(got, want))


@pytest.mark.parametrize("name", sorted(FILES))
def test_walks_equal_libclang_walks_whatever_order_they_come_in(name):
    tu, tops = _tops(name, FILES[name])
    inner_first = Preorder()
    for top in tops:
        want = list(top.walk_preorder())
        # Inner subtrees walked before the cursor holding them, then again after.
        for c in want[len(want) // 2:]:
            _same(inner_first.walk(c), list(c.walk_preorder()))
        _same(inner_first.walk(top), want)
    outer_first = Preorder()
    for top in tops:
        _same(outer_first.walk(top), list(top.walk_preorder()))
        for c in top.walk_preorder():
            _same(outer_first.walk(c), list(c.walk_preorder()))
            assert outer_first.known(c) is not None
    assert tops and Preorder().known(tops[0]) is None


@pytest.mark.parametrize("name", sorted(FILES))
def test_subtree_writes_equal_a_walk_of_each_subtree(name):
    tu, tops = _tops(name, FILES[name])
    walks = Preorder()
    bodies = [next(k for k in fn.get_children() if k.kind == K.COMPOUND_STMT)
              for top in tops for fn in walks.walk(top)
              if fn.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and fn.is_definition()]
    assert bodies
    written = 0
    for body in bodies:
        index = SubtreeWrites(walks, body)
        for c in body.walk_preorder():
            want = assignment_counts(c)
            got = index.counts(c)
            assert got is not None and list(got.items()) == list(want.items())  # the same order too
            written += sum(want.values())
        others = [b for b in bodies if b != body]
        for other in others:
            assert index.counts(other) is None
    assert written > 0


def test_writes_of_every_kind_are_counted():
    tu, tops = _tops("writes", FILES["writes"])
    walks = Preorder()
    (k,) = [fn for top in tops for fn in walks.walk(top) if fn.kind == K.FUNCTION_DECL and fn.spelling == "k"]
    body = next(c for c in k.get_children() if c.kind == K.COMPOUND_STMT)
    counts = SubtreeWrites(walks, body).counts(body)
    assert counts == assignment_counts(body)
    assert len(counts) == 5  # i, j, a, b, c
    assert max(counts.values()) >= ADDRESS_TAKEN  # `&c` takes the address


@pytest.mark.parametrize("name", sorted(FILES))
def test_children_equal_libclang_children_walked_or_not(name):
    tu, tops = _tops(name, FILES[name])
    unwalked = Preorder()
    walked = Preorder()
    for top in tops:
        walked.walk(top)
        for c in top.walk_preorder():
            want = list(c.get_children())
            _same(walked.children(c), want)
            _same(unwalked.children(c), want)
            _same(unwalked.children(c), want)  # remembered


LAUNCHES = kernels_file(3) + """
template <int B>
__global__ void scaled(float *a)
{
    __shared__ float s[B];
    s[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    a[threadIdx.x] = s[B - 1 - threadIdx.x];
}

void run(float *a, int n, int rows)
{
    scaled<64><<<n, 64>>>(a);
    scaled<128><<<n, dim3(128)>>>(a);
    transpose_1<<<n, dim3(32, rows)>>>(a, a, n);
    void (*k)(float *) = scaled<64>;
}
"""


def test_host_launches_through_shared_walks_equal_their_own():
    tu, tops = _tops("launches", LAUNCHES.encode())
    own = host_launches(tops)
    walked = Preorder()
    for top in reversed(tops):
        walked.walk(top)
    shared = host_launches(tops, walked)
    assert shared == own
    assert {x.kernel for x in own} >= {"transpose_0", "transpose_1", "transpose_2", "scaled"}
    # The collector hands each kernel only its own launches: the same fields as all of them.
    instances = ((("B", 64),), (("B", 128),))
    for name in ("transpose_0", "transpose_1", "scaled", "absent"):
        for inst in ((), instances):
            assert kernel_fields([x for x in own if x.kernel == name], name, inst) == kernel_fields(own, name, inst)


@pytest.mark.parametrize("name", ["kernels", "writes", "launches"])
def test_cursor_keys_are_equal_exactly_when_libclang_says_the_cursors_are(name):
    tu, tops = _tops(name, (LAUNCHES.encode() if name == "launches" else FILES[name]))
    first = [c for top in tops for c in top.walk_preorder()]
    second = [c for top in tops for c in top.walk_preorder()]  # other objects, the same cursors
    assert all(cursor_key(a) == cursor_key(b) and a == b for a, b in zip(first, second))
    # Declarations reached through a reference (libclang ignores a word of theirs
    # that a walk and a reference set differently), and every pair sharing a hash.
    decls = [c for c in first if c.kind.is_declaration()]
    pairs = [(c.referenced, d) for c in first if c.kind == K.DECL_REF_EXPR and c.referenced is not None
             for d in decls]
    buckets: dict[int, list] = {}
    for c in first:
        buckets.setdefault(hash(c), []).append(c)
    pairs += [(a, b) for bucket in buckets.values() for a in bucket for b in bucket]
    assert any(len(b) > 1 for b in buckets.values()) or name != "launches"  # the dim3 references
    assert sum(a == b for a, b in pairs) > len(first)
    assert all((cursor_key(a) == cursor_key(b)) == (a == b) for a, b in pairs)


@pytest.mark.parametrize("name", ["transpose_32x8", "writes"])
def test_children_equal_cindex_children(name):
    """clangext.children, which the walks use, lists what `Cursor.get_children` lists."""
    source = FILES[name]
    tu, _ = parse(f"{name}.cu", source, ParseConfig())
    seen = 0
    for top in (t.cursor for t in top_level(tu) if t.main):
        for c in top.walk_preorder():
            mine, theirs = children(c), list(c.get_children())
            assert [cursor_key(k) for k in mine] == [cursor_key(k) for k in theirs]
            assert all(k == t and k._tu is tu for k, t in zip(mine, theirs))
            seen += len(mine)
    assert seen > 50
