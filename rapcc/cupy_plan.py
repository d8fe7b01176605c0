"""What `rapcc.cupy.RawModule` rewrites, without CuPy or a GPU.

NVRTC compiles one translation unit, and a `cupy.RawModule`'s kernels run
only through `get_function`, launched by the caller. Its caller states facts
a source file cannot: the template instances the module has (its
`name_expressions`) and, with `block_dim`, the block shape its kernels run
with. rapcc's proof takes such facts from launches it sees, so the statement
is written as launches: each named instance, launched once with the stated
block shape (without `block_dim`, with a shape that is a parameter: any
shape, as the rules for an unknown launch take it) and with a grid and
arguments that are parameters (any value), in a host function appended to
the text rapcc analyses. The instances are then planned as a file that
launches them would be, by the rules that model launches; the appended
function is removed from the text CuPy compiles.

What is not stated stays unknown: an instance the code instantiates but the
caller does not name, or a kernel whose parameter types depend on its
template arguments (no launch can be spelled outside it), keeps the
template's arrays as written.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .api import BlockDim, Result, _block_dim, rewrite
from .frontend.kernel_params import kernel_parameter_types
from .frontend.parse import ParseConfig

STUB_HEAD = "// rapcc.cupy: the launches its caller states (analysed only, never compiled)"
# How the analysis words a launch of the appended function whose shape is its
# parameter: said as what it is, the caller's missing `block_dim`.
_UNSTATED = re.compile(r"line \d+: '__rapcc_block' is a parameter of '__rapcc_cupy_launch_\d+', which no call in "
                       r"this file makes")
NO_BLOCK_DIM = "RawModule was given no block_dim"
_REPRODUCE = re.compile(r"^( \* Reproduce: )rapcc .*$", re.M)  # templates/header.j2's line


def _caller_words(text: str) -> str:
    return _UNSTATED.sub(NO_BLOCK_DIM, text)


def _in_caller_words(result: Result) -> Result:
    """`result` with the appended launches' own names replaced by what they stand for."""
    report = dict(result.report)
    report["arrays"] = [{**a, "block_dims_unknown": [_caller_words(w) for w in a.get("block_dims_unknown", ())]}
                        for a in report.get("arrays", ())]
    return replace(result, report=report,
                   diagnostics=tuple(replace(d, message=_caller_words(d.message)) for d in result.diagnostics))


def kernel_name(name_expression: str) -> str:
    """`tiles::transpose` of `&tiles::transpose<2>` (what a kernel is defined as)."""
    text = name_expression.strip().lstrip("&").strip()
    text = text.split("<", 1)[0].strip()
    return text[2:] if text.startswith("::") else text


def launch_stub(name_expressions: Sequence[str], params: dict[str, tuple[str, ...] | None],
                block: tuple[int, int, int] | None, dynamic_smem: int | None = None) -> str | None:
    """The host functions that launch each named instance with `block` (a
    parameter where None) and `dynamic_smem` bytes of dynamic shared memory (a
    parameter where None: the caller's `shared_mem` may be anything, so a layout
    may not grow); None where no instance can be launched (see the module's
    docstring)."""
    shape = "__rapcc_block" if block is None else f"dim3({block[0]}, {block[1]}, {block[2]})"
    smem = "__rapcc_smem" if dynamic_smem is None else f"{dynamic_smem}u"
    lines = [STUB_HEAD]
    for i, expr in enumerate(name_expressions):
        types = params.get(kernel_name(expr))
        if types is None:
            continue
        aliases = [f"using __rapcc_cupy_t{i}_{j} = {t};" for j, t in enumerate(types)]
        formals = ", ".join(["dim3 __rapcc_grid", "dim3 __rapcc_block"][:1 if block else 2]
                            + (["unsigned __rapcc_smem"] if dynamic_smem is None else [])
                            + [f"__rapcc_cupy_t{i}_{j} p{j}" for j in range(len(types))])
        actuals = ", ".join(f"p{j}" for j in range(len(types)))
        callee = expr.strip().lstrip("&").strip()
        lines += aliases + [f"void __rapcc_cupy_launch_{i}({formals}) "
                            f"{{ {callee}<<<__rapcc_grid, {shape}, {smem}>>>({actuals}); }}"]
    return "\n".join(lines) + "\n" if len(lines) > 1 else None


def rewrite_module(code: str, *, filename: str, name_expressions: Sequence[str] | None, block_dim: BlockDim,
                   strategy: str = "auto", include_dirs: Sequence[str] = (), defines: Sequence[str] = (),
                   arch: str = "sm_90", dynamic_smem: int | None = None) -> Result:
    """`rapcc.rewrite` of a CuPy module's code, its named template instances
    planned with the block shape the caller states (the module's docstring)."""
    def plain() -> Result:
        return rewrite(code, filename=filename, block_dim=block_dim, strategy=strategy, include_dirs=include_dirs,
                       defines=defines, arch=arch, dynamic_smem=dynamic_smem)

    block = _block_dim(block_dim)
    if not name_expressions:
        return plain()
    params = kernel_parameter_types(filename, code.encode("utf-8", "surrogateescape"),
                                    ParseConfig(tuple(include_dirs), tuple(defines)))
    stub = launch_stub(list(name_expressions), params, block, dynamic_smem)
    if stub is None:
        return plain()
    joined = code + ("" if code.endswith("\n") else "\n")
    result = rewrite(joined + stub, filename=filename, block_dim=block_dim, strategy=strategy,
                     include_dirs=include_dirs, defines=defines, arch=arch, dynamic_smem=dynamic_smem)
    if not result.changed:
        return _in_caller_words(replace(result, text=code))  # the input itself, without the launches
    if result.text.count(stub) != 1:
        return plain()  # the launches did not come back as written: nothing of this rewrite is used
    text = result.text.replace(stub, "", 1)
    if not code.endswith("\n"):
        text = text.replace(joined, code, 1) if joined in text else text
    # The header's command would not know the instances: name the call that does.
    call = (f"rapcc.cupy.RawModule(code, name_expressions={tuple(name_expressions)!r}, "
            f"block_dim={block!r}, strategy={strategy!r})")
    text = _REPRODUCE.sub(lambda m: m.group(1) + call, text, count=1)
    return _in_caller_words(replace(result, text=text))
