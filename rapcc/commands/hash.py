"""`rapcc hash`: configure a bank hash of seed 004 for given warp accesses
(§5.1 exhaustive bit-vector XOR search, §5.2 Givargis and MIH heuristics)."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from rapcc.hashing import givargis, mih
from rapcc.hashing.base import AccessSets, BankHash, count_conflicts, gf2_rank
from rapcc.hashing.bitvector import BitVectorPermutation, BitVectorXor, all_candidates, search
from rapcc.hashing.bitwise import BitwisePermutation, BitwiseXor
from rapcc.hashing.software import render_c, software_mapping

EXIT_OK, EXIT_USAGE = 0, 2
MAX_ADDRESS_BITS = 32  # the software mapping is rendered for a 32-bit unsigned index

HEURISTICS: dict[str, Callable[[AccessSets, int, int], BankHash]] = {
    "bwperm-gh": givargis.bitwise_permutation,
    "bwperm-mih": mih.bitwise_permutation,
    "bwxor-gh": givargis.bitwise_xor,
    "bwxor-mih": mih.bitwise_xor,
}
METHODS = ("bvxor", *HEURISTICS)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register `rapcc hash` on an argparse subparsers object."""
    p = subparsers.add_parser(
        "hash",
        help="configure a configurable XOR bank hash for a set of warp accesses (seed 004)",
        description="Choose a bank hash that spreads each warp access over the banks: bvxor is the bit-vector XOR "
        "hash found by the exhaustive search of seed 004 §5.1; bwperm/bwxor are the bitwise permutation and "
        "bitwise XOR hashes configured by the Givargis heuristic (gh, §5.2.1) or the Minimum Imbalance "
        "Heuristic (mih, §5.2.2). Conflicts are counted per access as (most distinct addresses in one bank) - 1 "
        "and summed; 'before' is the plain low-bits bank mapping.",
    )
    p.add_argument("--method", choices=METHODS, required=True, help="hash family and configuration method")
    p.add_argument("--addresses", action="append", required=True, metavar="LIST",
                   help="one warp access: comma-separated word addresses (repeat the option for each access)")
    p.add_argument("--address-bits", type=int, default=14, metavar="N", help="n: word-address bits (default 14)")
    p.add_argument("--bank-bits", type=int, default=5, metavar="M", help="m: bank bits, 2^m banks (default 5)")
    p.add_argument("--full", action="store_true",
                   help="bvxor: test all (n-m+1)*n*2^m combinations instead of the §5.1 pruned set")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def _usage_error(message: str) -> int:
    print(f"rapcc: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def parse_access(text: str) -> list[int]:
    """'0, 32, 64' -> [0, 32, 64]; raises ValueError naming the bad item."""
    items = [item.strip() for item in text.split(",")]
    if items == [""]:
        return []
    out = []
    for item in items:
        try:
            out.append(int(item, 0))
        except ValueError:
            raise ValueError(f"--addresses: '{item}' is not an integer") from None
    return out


def describe(bank_hash: BankHash) -> dict:
    """The configuration of a hash as JSON fields."""
    if isinstance(bank_hash, BitVectorXor):
        return {"k1": bank_hash.k1, "k2": bank_hash.k2, "mask": bank_hash.mask}
    if isinstance(bank_hash, BitwisePermutation):
        return {"bits": list(bank_hash.bits)}
    if isinstance(bank_hash, BitwiseXor):
        return {"bits": [[i] if i == j else [i, j] for i, j in bank_hash.pairs]}
    raise TypeError(f"no description for {type(bank_hash).__name__}")


def run(args: argparse.Namespace) -> int:
    """Run `rapcc hash`; returns the exit code."""
    n, m = args.address_bits, args.bank_bits
    if not 1 <= n <= MAX_ADDRESS_BITS:
        return _usage_error(f"--address-bits must be between 1 and {MAX_ADDRESS_BITS}, got {n}")
    if not 1 <= m <= n:
        return _usage_error(f"--bank-bits must be between 1 and --address-bits ({n}), got {m}")
    if args.full and args.method != "bvxor":
        return _usage_error("--full only applies to --method bvxor")
    try:
        sets = [parse_access(text) for text in args.addresses]
    except ValueError as exc:
        return _usage_error(str(exc))
    for i, access in enumerate(sets):
        bad = [a for a in access if not 0 <= a < 1 << n]
        if bad:
            return _usage_error(f"--addresses #{i + 1}: address {bad[0]} is outside [0, 2^{n})")

    before = count_conflicts(BitVectorPermutation(0, n, m), sets)
    evaluated = None
    if args.method == "bvxor":
        found = search(sets, n, m, all_candidates(n, m) if args.full else None)
        bank_hash: BankHash = found.hash
        evaluated = found.evaluated
    else:
        bank_hash = HEURISTICS[args.method](sets, n, m)
    after = count_conflicts(bank_hash, sets)
    mapping = render_c(software_mapping(bank_hash)) if gf2_rank(bank_hash.rows()) == m else None

    report = {"method": args.method, **describe(bank_hash), "conflicts_before": before, "conflicts_after": after}
    if evaluated is not None:
        report["evaluated"] = evaluated
    report["mapping"] = mapping
    if args.json:
        print(json.dumps(report))
        return EXIT_OK
    if isinstance(bank_hash, (BitwisePermutation, BitwiseXor)):
        config = bank_hash.describe()  # Table 5 notation
    else:
        config = " ".join(f"{k}={v}" for k, v in describe(bank_hash).items())
    print(f"{args.method}: {config}; conflicts {before} -> {after}")
    if mapping is not None:
        print(f"software mapping (index a in [0, 2^{n})): {mapping}")
    return EXIT_OK
