"""rapcc/build/launch_scope.py: which files may name a function, on bytes
alone; every way a file's preprocessed text can hold the name counts."""
from __future__ import annotations

from pathlib import Path

from rapcc.build.launch_scope import FileRuns, can_build, file_runs, may_name, pieces
from rapcc.build.nvcc_args import HonouredFlags

FLAGS = HonouredFlags((), (), "c++17", ())


def _runs(tmp_path: Path, text: bytes, flags: HonouredFlags = FLAGS) -> FileRuns:
    f = tmp_path / "a.cu"
    f.write_bytes(text)
    return file_runs(str(f), text, flags)


def test_a_name_is_built_from_one_run_or_pasted_runs_and_any_digits() -> None:
    runs = frozenset({b"mul_mat", b"_q", b"k_", b"fused"})
    assert can_build("mul_mat", runs)
    assert can_build("mul_mat_q", runs)  # mul_mat ## _q
    assert can_build("k_32", runs)  # k_ ## __LINE__
    assert not can_build("mul_mat_vec", runs)
    assert not can_build("fusedx", runs)


def test_a_spelled_name_counts_and_an_unrelated_one_does_not(tmp_path) -> None:
    found = _runs(tmp_path, b"void f(float *p) { tile_k<<<1, 64>>>(p); }\n")
    assert may_name(found, ["tile_k"])
    assert not may_name(found, ["other_kernel"])


def test_a_line_splice_inside_the_name_is_joined(tmp_path) -> None:
    found = _runs(tmp_path, b"void f(float *p) { tile\\\n_kernel<<<1, 64>>>(p); }\n")
    assert may_name(found, ["tile_kernel"])


def test_a_user_headers_macro_and_a_define_flag_count(tmp_path) -> None:
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "launch.h").write_bytes(b"#define RUN deep_kernel<<<1, 64>>>(p)\n")
    found = _runs(tmp_path, b'#include <launch.h>\nvoid f(float *p) { RUN; }\n',
                  HonouredFlags((str(tmp_path / "inc"),), ("WHICH=flag_kernel",), "c++17", ()))
    assert may_name(found, ["deep_kernel"]) and may_name(found, ["flag_kernel"])
    assert not may_name(found, ["third_kernel"])


def test_what_the_bytes_cannot_bound_may_name_anything(tmp_path) -> None:
    for text in (b"void f() { \\u006b<<<1, 1>>>(); }\n",  # a universal character name spells `k`
                 b"#include KERNELS_HEADER\n",  # a macro include: the header is unknown
                 b"#/**/include \"hidden.h\"\n",  # a comment hides the directive
                 b"%:include \"hidden.h\"\n"):  # a digraph spells its `#`
        found = _runs(tmp_path, text)
        assert found.runs is None and found.why
        assert may_name(found, ["anything_at_all"])


def test_runs_kept_to_the_names_pieces_answer_the_same(tmp_path) -> None:
    """A step keeps only the runs that are pieces of its kernels' names (a project's headers hold
    thousands): a paste of two kept pieces still builds the name, an unrelated name still does not."""
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "h.h").write_bytes(b"#define K(n) n ## _kernel\n")
    text = b'#include "inc/h.h"\nvoid f(float *p) { K(tile)<<<1, 64>>>(p); }\n'
    names = ["tile_kernel", "other_kernel"]
    whole = _runs(tmp_path, text)
    kept = file_runs(str(tmp_path / "a.cu"), text, FLAGS, pieces(names))
    assert kept.runs is not None and whole.runs is not None and len(kept.runs) < len(whole.runs)
    for n in names:
        assert can_build(n, kept.runs) == can_build(n, whole.runs)
    assert can_build("tile_kernel", kept.runs) and not can_build("other_kernel", kept.runs)
