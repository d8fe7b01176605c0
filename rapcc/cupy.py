"""`rapcc.cupy.RawModule`: `cupy.RawModule` compiling rapcc's rewrite of the code.

    from rapcc.cupy import RawModule          # instead of cupy.RawModule
    mod = RawModule(code=src, options=("-std=c++17",),
                    name_expressions=("transpose<32>",), block_dim=(32, 8))
    kernel = mod.get_function("transpose<32>")

It takes `cupy.RawModule`'s arguments (CuPy 13 and 14; not the deprecated
`jitify`) plus `block_dim`, `strategy` and `dynamic_smem` (the most `shared_mem`
any launch passes: a layout that grows static shared memory needs it); the
`-I` / `-D` / `-arch` options reach rapcc's analysis as they reach NVRTC.
Template and namespaced kernels work through `name_expressions` (rapcc keeps
kernel names); with `block_dim`, each named instance is planned as launched
with that shape (`cupy_plan.py`). Attribute access goes to the wrapped `cupy.RawModule`; the
rewrite's `rapcc.Result` is `.rapcc`. This module imports CuPy, so
`import rapcc` never needs it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

try:
    import cupy
except ImportError as exc:  # name the extra that matches the toolkit, not a bare ModuleNotFoundError
    raise ImportError("rapcc.cupy needs CuPy: pip install 'rapcc[cuda12]' (CUDA 12.x) or "
                      "'rapcc[cuda13]' (CUDA 13.x)") from exc

from .api import BlockDim, Result
from .arch import DEFAULT_ARCH
from .build.nvcc_args import parse_nvcc_args
from .cupy_plan import rewrite_module


class RawModule:
    """A drop-in for `cupy.RawModule(code=..., options=..., name_expressions=...)`."""

    def __init__(self, code: str | None = None, *, path: str | None = None, options: Sequence[str] = (),
                 backend: str = "nvrtc", translate_cucomplex: bool = False, enable_cooperative_groups: bool = False,
                 name_expressions: Sequence[str] | None = None,
                 block_dim: BlockDim = None, strategy: str = "auto", filename: str | None = None,
                 dynamic_smem: int | None = None):
        if (code is None) == (path is None):
            raise TypeError("give exactly one of code= and path=")
        if code is None:
            assert path is not None
            code = Path(path).read_text()
        flags = parse_nvcc_args(list(options))
        # The named instances run with the stated block shape: planned as launched (cupy_plan.py).
        self.rapcc: Result = rewrite_module(code, filename=filename or path or "kernel.cu",
                                            name_expressions=name_expressions, block_dim=block_dim,
                                            strategy=strategy, include_dirs=flags.include_dirs, defines=flags.defines,
                                            dynamic_smem=dynamic_smem,
                                            arch=next((t for t in flags.targets if t != "native"), DEFAULT_ARCH))
        self.module = cupy.RawModule(code=self.rapcc.text, options=tuple(options), backend=backend,
                                     translate_cucomplex=translate_cucomplex,
                                     enable_cooperative_groups=enable_cooperative_groups,
                                     name_expressions=None if name_expressions is None else tuple(name_expressions))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.module, name)
