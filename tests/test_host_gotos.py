"""Forward `goto`s in host code (rapcc/frontend/host_gotos.py): the clean-up
idiom keeps its launches' shapes; any other `goto` leaves them unknown."""
from __future__ import annotations

from rapcc.frontend import parse_file
from rapcc.pipeline import Options

KERNELS = b"""#include <cstdlib>
__global__ void k(float *o) { o[threadIdx.x] = 0; }
int check(int);
"""


def _kernel(host: bytes):
    info, _ = parse_file("h.cu", KERNELS + host, Options())
    return next(k for k in info.kernels if k.name == "k")


def test_the_error_exit_idiom_keeps_the_launch_shape() -> None:
    k = _kernel(b"int main() { dim3 b(32, 8); float *o = 0;\n"
                b"  if (check(1)) goto error_exit;\n"
                b"  k<<<1, b>>>(o);\n"
                b"  if (check(2)) goto error_exit;\n"
                b"  return 0;\n"
                b"error_exit:\n  return 1; }")
    assert k.launch_block_dims == ((32, 8, 1),) and k.launch_unknown == ()


def test_a_jump_past_an_assignment_joins_both_values_at_the_label() -> None:
    """The path that jumps keeps 64x4; the one that falls through sets 32x8: both reach the launch."""
    k = _kernel(b"int main() { dim3 b(64, 4);\n"
                b"  if (check(1)) goto go;\n"
                b"  b = dim3(32, 8);\n"
                b"go:\n  k<<<1, b>>>(0); return 0; }")
    assert set(k.launch_block_dims) == {(64, 4, 1), (32, 8, 1)} and k.launch_unknown == ()


def test_a_goto_from_inside_a_loop_carries_that_trip_state() -> None:
    k = _kernel(b"int main() { int t = 16;\n"
                b"  for (int i = 0; i < 3; ++i) { if (check(i)) goto out; t *= 2; }\n"
                b"out:\n  k<<<1, t>>>(0); return 0; }")
    assert set(k.launch_block_dims) == {(16, 1, 1), (32, 1, 1), (64, 1, 1), (128, 1, 1)}
    assert k.launch_unknown == ()


def test_a_backward_goto_leaves_the_shape_unknown() -> None:
    """The twin: `again:` runs again with a doubled size, which no forward reading sees."""
    k = _kernel(b"int main() { int t = 32;\n"
                b"again:\n  k<<<1, t>>>(0);\n"
                b"  if (check(t)) { t *= 2; goto again; }\n  return 0; }")
    assert k.launch_unknown and "goto" in k.launch_unknown[0]


def test_a_label_inside_a_statement_leaves_the_shape_unknown() -> None:
    k = _kernel(b"int main() { int t = 32;\n"
                b"  if (check(0)) goto in;\n"
                b"  { t = 64;\n  in:\n    k<<<1, t>>>(0); }\n  return 0; }")
    assert k.launch_unknown and "goto" in k.launch_unknown[0]
