#!/usr/bin/env bash
# The real-program run on the lent GPU machine (no network there): install
# rapcc's two pure-Python dependencies the image lacks from carried wheels,
# put a `rapcc-nvcc` on PATH that runs this tree's rapcc, then run.py.
#
#   OUT=... bash benchmarks/realprog/device.sh WHEELS_DIR PROGRAMS_DIR [run.py options] [name ...]
#
# WHEELS_DIR holds libclang and pycparser wheels (python3 -m pip download, as
# the device README says); PROGRAMS_DIR is what fetch.sh extracted.
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
wheels="$1" programs="$2"; shift 2
root="$(cd "$(dirname "$0")/../.." && pwd)"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site \
  "$wheels"/*.whl || exit 2
mkdir -p /tmp/realprog-bin
cat >/tmp/realprog-bin/rapcc-nvcc <<EOF
#!/usr/bin/env bash
exec python3 -m rapcc.build.nvcc_cli "\$@"
EOF
chmod +x /tmp/realprog-bin/rapcc-nvcc
export PATH="/tmp/realprog-bin:$PATH" PYTHONPATH="$root:/tmp/site" PYTHONUNBUFFERED=1
export RAPCC_NVCC="$(command -v nvcc)"
rapcc-nvcc --version >/dev/null || { echo "rapcc-nvcc does not start" >&2; exit 2; }
python3 -c 'import rapcc.pipeline' || exit 2
exec python3 "$root/benchmarks/realprog/run.py" --programs "$programs" --out "$OUT" "$@"
