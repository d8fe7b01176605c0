"""rapcc: a source-to-source CUDA pass that removes shared-memory bank conflicts.

The library: `rapcc.rewrite(source, ...)` and `rapcc.analyze(source, ...)`
return a `rapcc.Result`; errors are `rapcc.RapccError` subclasses
(`rapcc.api`). `rapcc.cupy.RawModule` is a drop-in for `cupy.RawModule`.
"""
from __future__ import annotations

import importlib
import sys
import types

TYPE_CHECKING = False  # `typing` costs the build hook's every step a few ms: annotations only
if TYPE_CHECKING:
    from typing import Any


__version__ = "0.1.0"

_API = ("rewrite", "analyze", "Result", "UsageError", "RapccInternalError")


def _api() -> types.ModuleType:
    # The library API loads libclang, NumPy and Jinja. It is loaded on first
    # use so that `rapcc-nvcc`, which imports this package on every compile,
    # does not pay for them on a cache hit (PEP 562 style).
    return importlib.import_module("rapcc.api")


class _Package(types.ModuleType):
    """The `rapcc` package. `rewrite` is a property because importing the
    submodule `rapcc.rewrite` (the text rewriter) rebinds the package's
    attribute of that name; the setter keeps the function in its place."""

    @property
    def rewrite(self) -> Any:
        return _api().rewrite

    @rewrite.setter
    def rewrite(self, value: Any) -> None:
        pass  # the import system binding the submodule; `sys.modules["rapcc.rewrite"]` still has it

    def __getattr__(self, name: str) -> Any:
        if name == "RapccError":  # loaded on use: `rapcc` and `rapcc-nvcc` start without dataclasses
            return importlib.import_module("rapcc.diagnostics").RapccError
        if name in _API:
            return getattr(_api(), name)
        raise AttributeError(f"module 'rapcc' has no attribute '{name}'")

    def __dir__(self) -> list[str]:
        # The lazily loaded API is part of the package (tab completion, help()).
        return sorted(set(super().__dir__()) | set(__all__))


sys.modules[__name__].__class__ = _Package

__all__ = ["RapccError", "__version__", *_API]
