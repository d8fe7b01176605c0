"""Reduced kernels the fuzzer found wrong code (or a crash) on, one file each.

Each file defines KERNEL (a kast.Kernel), STRATEGY (where it was found) and
FOUND (what differed). tests/fuzz/test_fuzz.py checks every one of them under
every strategy. `python3 -m tests.fuzz.save` writes new ones.
"""
