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


def test_the_build_workers_environment_has_the_setting_unless_the_user_chose():
    from rapcc.blas_threads import single_threaded_env
    assert single_threaded_env({"PATH": "/bin"}) == {"PATH": "/bin", VARIABLE: "1"}
    assert single_threaded_env({VARIABLE: "4"}) == {VARIABLE: "4"}


def test_the_build_hooks_worker_runs_with_one_blas_thread(monkeypatch, tmp_path):
    """`rapcc-nvcc` without a server runs `python -m rapcc.build.worker`, which
    imports NumPy at once: its environment carries the setting; the caller's does not."""
    import subprocess

    from rapcc.build import rewrites
    from rapcc.build.cache import Cache
    from rapcc.build.config import read_config

    seen: list[dict[str, str]] = []

    def run(argv, **kw):
        seen.append(kw["env"])
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr(rewrites, "_served_worker", lambda *a: rewrites._NOT_SERVED)
    monkeypatch.setattr(rewrites.subprocess, "run", run)
    env = {"PATH": "/bin", "HOME": str(tmp_path), "RAPCC_CACHE_DIR": str(tmp_path / "cache")}
    assert rewrites._run_worker("rewrite", Cache(tmp_path / "cache"), [], read_config(env), env) is None
    assert seen and seen[0][VARIABLE] == "1" and seen[0]["PATH"] == "/bin"
    assert VARIABLE not in env
