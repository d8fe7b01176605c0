"""rapcc/blas_threads.py: OpenBLAS's setting set only around NumPy's import."""
from __future__ import annotations

from rapcc.blas_threads import VARIABLE, single_threaded_blas


def test_the_setting_holds_inside_and_is_taken_back_after():
    env: dict[str, str] = {"PATH": "/bin"}
    with single_threaded_blas(env):
        assert env[VARIABLE] == "1"
    assert env == {"PATH": "/bin"}


def test_the_setting_is_taken_back_after_a_failed_import_too():
    env: dict[str, str] = {}
    try:
        with single_threaded_blas(env):
            raise ImportError("no numpy")
    except ImportError:
        pass
    assert VARIABLE not in env


def test_a_users_value_is_left_alone():
    env = {VARIABLE: "8"}
    with single_threaded_blas(env):
        assert env[VARIABLE] == "8"
    assert env == {VARIABLE: "8"}
