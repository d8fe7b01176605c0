"""`rapcc --print-completion bash` (issue 29): a script made from the parsers
that bash runs, completing subcommands, flags, their values and CUDA files."""
from __future__ import annotations

import shutil
import subprocess

import pytest


def _complete(script: str, words: list[str], cwd) -> list[str]:
    """COMPREPLY after the script's function runs on `words` (the last is being completed)."""
    line = " ".join(f"'{w}'" for w in words)
    program = (f"{script}\nCOMP_WORDS=({line}); COMP_CWORD={len(words) - 1}\n_rapcc\n"
               "printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    out = subprocess.run(["bash", "--norc", "--noprofile", "-c", program], cwd=cwd, capture_output=True, text=True,
                         check=True, timeout=60)
    return sorted(x for x in out.stdout.splitlines() if x)


@pytest.fixture
def script(run_cli):
    if shutil.which("bash") is None:
        pytest.skip("the completion script is bash's, and this machine has no bash to load it in")
    code, out, _ = run_cli("--print-completion", "bash")
    assert code == 0 and "complete -o filenames -F _rapcc rapcc" in out
    return out


def test_it_completes_subcommands_flags_values_and_sources(script, tmp_path):
    (tmp_path / "k.cu").write_text("")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "inc").mkdir()
    assert _complete(script, ["rapcc", "an"], tmp_path) == ["analyze"]
    assert _complete(script, ["rapcc", "--strat"], tmp_path) == ["--strategy"]
    assert _complete(script, ["rapcc", "k.cu", "--strategy", "x"], tmp_path) == ["xor"]
    assert _complete(script, ["rapcc", "analyze", "--form"], tmp_path) == ["--format"]
    assert _complete(script, ["rapcc", "analyze", "--format", ""], tmp_path) == ["json", "sarif", "text"]
    assert _complete(script, ["rapcc", "analyze", "--fail-on", "c"], tmp_path) == ["conflict"]
    assert _complete(script, ["rapcc", "analyze", ""], tmp_path) == ["inc", "k.cu"]  # not notes.txt
    assert _complete(script, ["rapcc", "-I", ""], tmp_path) == ["inc"]


def test_the_rewrite_flags_are_not_offered_to_analyze(script, tmp_path):
    """The twin: each command's own flags."""
    assert _complete(script, ["rapcc", "analyze", "--in-pl"], tmp_path) == []
    assert _complete(script, ["rapcc", "--in-pl"], tmp_path) == ["--in-place"]
