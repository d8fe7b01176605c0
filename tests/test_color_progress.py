"""Coloured diagnostics (--color) and the progress line for long runs."""
from __future__ import annotations

import io

from rapcc.color import ColorEnv, format_diagnostic, use_color
from rapcc.diagnostics import Diagnostic
from rapcc.progress import Progress, format_eta

D = Diagnostic("warning", "k.cu", 6, 5, "32-way bank conflict on 'tile'", "rapcc-bank-conflict")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_follows_the_mode_and_the_terminal():
    pipe, tty = io.StringIO(), _Tty()
    assert use_color("always", pipe, ColorEnv()) and not use_color("never", tty, ColorEnv())
    assert use_color("auto", tty, ColorEnv(term="xterm")) and not use_color("auto", pipe, ColorEnv())
    assert not use_color("auto", tty, ColorEnv(no_color=True)) and not use_color("auto", tty, ColorEnv(term="dumb"))


def test_coloured_diagnostics_use_clangs_palette_and_keep_the_text():
    plain = format_diagnostic(D, False)
    coloured = format_diagnostic(D, True)
    assert plain == D.format() and "\033" not in plain
    assert "\033[1;35mwarning: " in coloured
    stripped = coloured
    for code in ("\033[1;35m", "\033[1m", "\033[0m"):
        stripped = stripped.replace(code, "")
    assert stripped == plain


def test_the_cli_colours_only_when_asked(run_cli):
    _, always, _ = run_cli("analyze", "examples/transpose_32x8.cu", "--color", "always")
    _, auto, _ = run_cli("analyze", "examples/transpose_32x8.cu")  # stdout is not a terminal here
    assert "\033[1;35mwarning" in always and "\033" not in auto and "[rapcc-bank-conflict]" in auto


def test_progress_is_quiet_when_piped():
    pipe = io.StringIO()
    p = Progress(3, pipe)
    for name in "abc":
        p.step(name)
    p.close()
    assert pipe.getvalue() == ""


def test_progress_counts_and_estimates_on_a_terminal():
    now = [100.0]
    tty = _Tty()
    p = Progress(4, tty, clock=lambda: now[0])
    p.step("first.cu")
    assert tty.getvalue().endswith("[1/4] first.cu")  # no ETA before anything finished
    now[0] += 10
    p.step("second.cu")
    now[0] += 20
    p.step("third.cu")
    # Two done in 30 s: 15 s each, two left.
    assert tty.getvalue().endswith("[3/4] third.cu  ETA 0:30")
    p.close()
    assert tty.getvalue().endswith("\r\033[K")


def test_eta_format():
    assert format_eta(5) == "0:05" and format_eta(125) == "2:05" and format_eta(3725) == "1:02:05"
