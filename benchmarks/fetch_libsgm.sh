#!/bin/sh
# fixstars/libSGM (a CUDA stereo-matching library, CMake) at a pinned commit,
# into third_party/libSGM (git-ignored): the second production codebase of
# issue 28, for benchmarks/header_errors.py and benchmarks/cmake_build.py.
# GIT_DIR: a local mirror to read from instead of cloning.
set -eu
COMMIT=e4c669bb9e039b60f04178b080ac7d6077a4d4bd
DEST="$(dirname "$0")/../third_party/libSGM"
mkdir -p "$DEST"
if [ -n "${GIT_DIR:-}" ]; then
    git --git-dir="$GIT_DIR" archive "$COMMIT" | tar -x -C "$DEST"
else
    git clone --quiet https://github.com/fixstars/libSGM "$DEST.git"
    git -C "$DEST.git" archive "$COMMIT" | tar -x -C "$DEST"
    rm -rf "$DEST.git"
fi
echo "libSGM $COMMIT in $DEST"
