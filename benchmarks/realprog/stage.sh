#!/usr/bin/env bash
# Stage what the GPU machine needs for run.py into one git-ignored folder of
# the checkout that the device tool sends (run's `carry` names it):
#   DEST/tree      this tree's rapcc/, templates/, pyproject.toml, benchmarks/realprog/
#   DEST/whl       libclang and pycparser wheels for the machine's Python 3.12 (no network there)
#   DEST/programs  fetch.sh's output
#
# usage: benchmarks/realprog/stage.sh [DEST]   (default: third_party/realprog_carry of this checkout)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dest="${1:-$root/third_party/realprog_carry}"
[ -d "$root/third_party/realprog" ] || "$root/benchmarks/realprog/fetch.sh"
rm -rf "$dest/tree" "$dest/programs"
mkdir -p "$dest/tree" "$dest/whl"
(cd "$root" && tar -c --exclude=__pycache__ rapcc templates pyproject.toml benchmarks/realprog) | tar -x -C "$dest/tree"
cp -r "$root/third_party/realprog" "$dest/programs"
if ! ls "$dest"/whl/libclang-*.whl "$dest"/whl/pycparser-*.whl >/dev/null 2>&1; then
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    --platform manylinux2010_x86_64 --platform manylinux1_x86_64 -d "$dest/whl" libclang==18.1.1 pycparser==3.12
fi
du -sh "$dest"
