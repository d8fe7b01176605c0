"""`python -X importtime`, the minimum over N processes of each module's time
(issue 29; a benchmark, not a test): one run's figures move with the load.

    python3 benchmarks/importtime_min.py [--runs 7] [--top 25] [--plain]

Times rapcc's imports as the `rapcc` entry makes them (through
`dataclass_code.compiled_once`), or a plain `import rapcc.cli` (`--plain`, or
a checkout without it: PYTHONPATH=CHECKOUT). Prints the sum of the self
times, rapcc's part of it, and the modules of the largest self time.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile

ENTRY = ("try:\n    from rapcc.dataclass_code import compiled_once\n"
         "except ImportError:\n    from contextlib import nullcontext as compiled_once\n"
         "with compiled_once():\n    import rapcc.cli\n")
LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--plain", action="store_true", help="a plain `import rapcc.cli`")
    args = p.parse_args()
    code = "import rapcc.cli" if args.plain else ENTRY
    self_us: dict[str, int] = {}
    cum_us: dict[str, int] = {}
    for _ in range(args.runs):
        # In a neutral folder: `-c` puts the working folder first on sys.path,
        # and a checkout's root there would shadow PYTHONPATH's checkout.
        err = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                             check=True, cwd=tempfile.gettempdir()).stderr
        for line in err.splitlines():
            m = LINE.match(line)
            if m:
                name = m[4]
                self_us[name] = min(self_us.get(name, 1 << 62), int(m[1]))
                cum_us[name] = min(cum_us.get(name, 1 << 62), int(m[2]))
    ours = sum(v for k, v in self_us.items() if k == "rapcc" or k.startswith("rapcc."))
    print(f"sum of min self times: {sum(self_us.values()) / 1000:.1f} ms over {len(self_us)} modules; "
          f"rapcc's own: {ours / 1000:.1f} ms")
    for name, us in sorted(self_us.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"{us / 1000:7.2f} ms self  {cum_us[name] / 1000:7.2f} ms cum  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
