"""Whose header a file is: the user's, or the system's.

A clang error in a header the user wrote is the user's to see, note by note.
One in a header the user only includes (the CUDA toolkit's, CCCL's, rapcc's
stand-ins, the C library's) says more about rapcc's parse than about the
user's code: nvcc compiles those headers, libclang 18 without clang's CUDA
wrapper headers does not always. Such errors are collapsed into one note per
analysed file (`verbose` lists each), and they taint no array through an
instantiation they sit in (see errors.py).

The user's headers are the files under the analysed file's folder and under
its `-I` folders; everything else is the system's. Where both claim a file
(a project kept inside the toolkit's folder), the deeper folder wins, and a
tie goes to the user. Pure: the caller passes the folders.
"""
from __future__ import annotations

import os
from dataclasses import dataclass


def _real(path: str) -> str:
    return os.path.normcase(os.path.realpath(path))


def _depth_under(path: str, root: str) -> int:
    """How many characters of `root` prefix `path` as a folder (-1: not under it)."""
    if path == root or path.startswith(root.rstrip(os.sep) + os.sep):
        return len(root)
    return -1


@dataclass(frozen=True, slots=True)
class HeaderKinds:
    main: str  # the analysed file (real path)
    user_roots: tuple[str, ...]  # real paths of the user's folders
    system_roots: tuple[str, ...]  # real paths of folders known to be the system's

    @staticmethod
    def of(main: str, include_dirs: tuple[str, ...], system_dirs: tuple[str, ...]) -> "HeaderKinds":
        """`main`: the analysed file; `include_dirs`: its `-I` folders;
        `system_dirs`: the stand-ins, the toolkit, `-isystem` folders."""
        user = (os.path.dirname(_real(main)),) + tuple(_real(d) for d in include_dirs)
        return HeaderKinds(_real(main), user, tuple(_real(d) for d in system_dirs))

    def is_system(self, file: str) -> bool:
        real = _real(file)
        if real == self.main:
            return False
        user = max((_depth_under(real, r) for r in self.user_roots), default=-1)
        system = max((_depth_under(real, r) for r in self.system_roots), default=-1)
        return user < 0 or system > user
