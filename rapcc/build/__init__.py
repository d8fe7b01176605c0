"""rapcc inside a build: the nvcc drop-in (`rapcc-nvcc`), the CMake launcher
(`rapcc-launch`), its cache, and project mode over a compile database.

The modules a compile runs through on a cache hit (`config`, `nvcc_args`,
`cache`, `nvcc_cli`) import only the standard library, so that a rebuild pays
for a Python start-up and a few file reads, not for libclang and NumPy: the
rewrite itself runs in a child process (`worker`).
"""
