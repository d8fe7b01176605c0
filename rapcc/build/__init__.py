"""rapcc inside a build: the nvcc drop-in (`rapcc-nvcc`), the CMake launcher
(`rapcc-launch`), its cache, and project mode over a compile database.

The modules a compile runs through on a cache hit (`nvcc_cli`, `config`,
`nvcc_args`, `cache`, `nvcc_compile`) import only the standard library, so that
a rebuild pays for a Python start-up and a few file reads, not for libclang and
NumPy: the rewrite itself runs in a child process (`worker`). A step that
compiles no CUDA (a link) goes to nvcc from `passthrough`, having imported
only `os` and `sys`.
"""
