#!/bin/sh
# ggml's CUDA backend at a pinned commit, into third_party/ggml (git-ignored),
# for benchmarks/header_errors.py (issue 28). GIT_DIR: a local mirror to read
# from instead of cloning.
set -eu
COMMIT=d99724f2b141fed9e1a9f402213506c081433465
DEST="$(dirname "$0")/../third_party/ggml"
mkdir -p "$DEST"
if [ -n "${GIT_DIR:-}" ]; then
    git --git-dir="$GIT_DIR" archive "$COMMIT" | tar -x -C "$DEST"
else
    git clone --quiet https://github.com/ggml-org/ggml "$DEST.git"
    git -C "$DEST.git" archive "$COMMIT" | tar -x -C "$DEST"
    rm -rf "$DEST.git"
fi
echo "ggml $COMMIT in $DEST"
