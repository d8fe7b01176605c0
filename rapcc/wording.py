"""Small helpers for the words of rapcc's text output: counts with proper
plurals ("1 bank conflict", "2 bank conflicts") and byte sizes ("3,456 bytes").
Text only, for the report layer."""
from __future__ import annotations

# Nouns whose plural is not the noun plus "s".
_IRREGULAR = {"candidate array": "candidate arrays", "this": "these", "is": "are", "was": "were"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`noun` as it reads after the number `n`: "conflict" or "conflicts"."""
    if n == 1:
        return noun
    return many or _IRREGULAR.get(noun) or (noun + "es" if noun.endswith(("s", "x", "sh", "ch")) else noun + "s")


def count(n: int, noun: str, many: str | None = None) -> str:
    """"1 bank conflict", "0 bank conflicts", "3 shared-memory arrays"."""
    return f"{n} {plural(n, noun, many)}"


def size(n_bytes: int) -> str:
    """A byte count as people read it: "1 byte", "3,456 bytes"."""
    return f"{n_bytes:,} {plural(n_bytes, 'byte')}"
