"""The command a rewrite's header names (rapcc/reproduce.py): the effective
options in one order, quoted for a shell, whichever caller builds it."""
from __future__ import annotations

import shlex

from rapcc.reproduce import reproduce_command


def test_the_options_come_in_order_and_the_defaults_are_left_out() -> None:
    got = reproduce_command("k.cu", "xor", 7, (32, 8, 1), 4096, True, ["inc"], ["N=4"], "c++20",
                            ["-isystem", "sys", "--rdc"])
    assert got == ("rapcc k.cu --strategy xor --seed 7 --block-dim 32x8x1 --dynamic-smem 4096 --whole-program "
                   "-I inc -D N=4 -std c++20 -isystem sys --rdc -o OUTPUT")
    assert reproduce_command("k.cu", "auto", 1, None, None, False) == "rapcc k.cu --strategy auto --seed 1 -o OUTPUT"


def test_a_zero_byte_budget_is_stated_and_every_word_is_quoted() -> None:
    got = reproduce_command("my dir/k.cu", "pad", 1, None, 0, False, ["a b"], ["S=\"x y\""])
    assert "--dynamic-smem 0" in got  # 0 is a budget the user stated, not an unknown one
    assert shlex.split(got)[:2] == ["rapcc", "my dir/k.cu"] and "a b" in shlex.split(got)
    assert 'S="x y"' in shlex.split(got)
