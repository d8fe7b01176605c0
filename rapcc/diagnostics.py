"""One error path: compiler-style diagnostics.

`file:line:col: warning: 8-way bank conflict on 'tile' [rapcc-bank-conflict]`
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Level = Literal["error", "warning", "note", "remark"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    level: Level
    file: str
    line: int
    col: int
    message: str
    check_id: str

    def format(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}" if self.line else self.file
        return f"{where}: {self.level}: {self.message} [{self.check_id}]"


class RapccError(Exception):
    """An error in the user's input: exit code 1, nothing written. Its text
    starts with the first diagnostic's location, as a compiler's would."""

    def __init__(self, message: str, diagnostics: tuple[Diagnostic, ...] = ()):
        super().__init__(message)
        self.message = message
        self.diagnostics = diagnostics

    def __str__(self) -> str:
        first = self.diagnostics[0] if self.diagnostics else None
        if first is None or not first.file:
            return self.message
        where = f"{first.file}:{first.line}:{first.col}" if first.line else first.file
        return f"{where}: {self.message}"


class InternalError(Exception):
    """rapcc broke its own guarantees (e.g. the verifier rejected a mapping): exit code 3."""
