#!/usr/bin/env bash
# Stage what the GPU machine needs for run.py into one git-ignored folder of
# the checkout that the device tool sends (run's `carry` names it):
#   DEST/tree      this tree's rapcc/, templates/, pyproject.toml, benchmarks/realprog/
#   DEST/whl       libclang and pycparser wheels for the machine's Python 3.12 (no network there)
#   DEST/programs  fetch.sh's output
#
# usage: benchmarks/realprog/stage.sh [DEST]   (default: third_party/realprog_carry of this checkout)
# RAPCC_REALPROG_LIST=benchmarks/realprog/programs2.txt stages the second set
# (third_party/realprog2, default DEST third_party/realprog2_carry).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
list="${RAPCC_REALPROG_LIST:-$root/benchmarks/realprog/programs.txt}"
set_dir="$(basename "$list" .txt)"; set_dir="${set_dir/programs/realprog}"
dest="${1:-$root/third_party/${set_dir}_carry}"
[ -d "$root/third_party/$set_dir" ] || RAPCC_REALPROG_LIST="$list" "$root/benchmarks/realprog/fetch.sh"
rm -rf "$dest/tree" "$dest/programs"
mkdir -p "$dest/tree" "$dest/whl"
(cd "$root" && tar -c --exclude=__pycache__ rapcc templates pyproject.toml benchmarks/realprog) | tar -x -C "$dest/tree"
cp -r "$root/third_party/$set_dir" "$dest/programs"
if ! ls "$dest"/whl/libclang-*.whl "$dest"/whl/pycparser-*.whl >/dev/null 2>&1; then
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    --platform manylinux2010_x86_64 --platform manylinux1_x86_64 -d "$dest/whl" libclang==18.1.1 pycparser==3.12
fi
du -sh "$dest"
