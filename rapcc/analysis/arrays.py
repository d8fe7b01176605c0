"""Per-array analysis: block shape, lane samples, class and stride of every access."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import ir
from .affine import THREAD_ATOMS, affine, flatten, render_poly
from .classify import AccessClass, classify_access
from .evaluate import Env, Unknown, depends_on, evaluate
from ..banks import DEFAULT_BANKS
from .predict import predict, row_major
from .warps import MAX_INSTANCES, AccessSamples, BlockShape, sample_with_params

AGREEMENT = 0.05  # predictions for different parameter values must agree this closely

DEFAULT_1D = BlockShape(256, 1, 1, "assumed")
DEFAULT_2D = BlockShape(32, 8, 1, "assumed")


@dataclass(frozen=True, slots=True)
class AccessAnalysis:
    access: ir.Access
    samples: AccessSamples
    cls: AccessClass
    stride: int | str | None
    assumed_params: tuple[str, ...] = ()  # parameters sampled at warps.PARAM_SAMPLES


@dataclass(frozen=True, slots=True)
class ArrayAnalysis:
    array: ir.SharedArray
    block: BlockShape
    accesses: tuple[AccessAnalysis, ...]
    escapes: tuple[ir.Escape, ...]
    # Another `extern __shared__` array of the same function: they alias.
    shares_dynamic_memory: bool = False
    # For a template-sized array: one concrete analysis per instantiation.
    instances: tuple["ArrayAnalysis", ...] = ()
    template_arguments: tuple[tuple[str, int], ...] = ()  # of a concrete instance

    @property
    def logical_dims(self) -> tuple[int, ...] | None:
        """Constant dimensions, or None when symbolic or unknown (extern)."""
        if self.array.is_extern or not all(isinstance(d, int) for d in self.array.dims):
            return None
        return tuple(int(d) for d in self.array.dims)


def block_shape(kernel: ir.Kernel | None, option: tuple[int, int, int] | None, uses_y: bool) -> BlockShape:
    """The block shape: `--block-dim`, then `#pragma rapcc block_dim`, then the
    `<<<grid, block>>>` launches in the file, then `__launch_bounds__` (taken as
    1-D), else an assumption the report states."""
    if option is not None:
        return BlockShape(*option, source="option")
    if kernel is not None and kernel.pragma_block_dim is not None:
        return BlockShape(*kernel.pragma_block_dim, source="pragma")
    if kernel is not None and kernel.launch_block_dims:
        # Several launch shapes: the first one is analysed (the report says which).
        return BlockShape(*kernel.launch_block_dims[0], source="launch" if len(kernel.launch_block_dims) == 1
                          else f"first of {len(kernel.launch_block_dims)} launches")
    if kernel is not None and kernel.launch_bounds is not None:
        return BlockShape(kernel.launch_bounds, 1, 1, source="launch_bounds")
    return DEFAULT_2D if uses_y else DEFAULT_1D


def _stride(access: ir.Access, dims: tuple[int, ...] | None, vars: dict[str, ir.VarDef],
            block: BlockShape, concrete: int | None) -> int | str | None:
    if concrete is not None:
        return concrete
    if dims is None and len(access.indices) > 1:
        return None
    flat = flatten(access.indices, dims or (0,))
    fixed = {"blockDim.x": block.x, "blockDim.y": block.y, "blockDim.z": block.z, "warpSize": 32}
    form = affine(flat, vars, fixed)
    if form is None:
        return None
    p = form.coeff("threadIdx.x")
    if set(p) <= {()}:
        return p.get((), 0)
    return render_poly(p)


def _samples(a: ir.Access, vars: dict[str, ir.VarDef], block: BlockShape, dims: tuple[int, ...] | None,
             elem_bytes: int, known: dict[str, int]) -> tuple[AccessSamples, tuple[str, ...]]:
    """The access's warp instructions. When it reads kernel parameters, it is
    sampled at PARAM_SAMPLES of each; the parameters only count as irrelevant
    to its bank conflicts when every value predicts the same wavefronts."""
    ps = sample_with_params(a, vars, block, dims, known)
    if ps.unknown is not None:
        return AccessSamples((), ps.unknown), ()
    if len(ps.by_binding) == 1:
        return ps.by_binding[0][1], ()
    names = tuple(vars[k].name if k in vars else k for k in ps.bound_names)  # builtins keep their spelling
    layout = row_major(dims if dims else (0,))
    preds = [predict(smp, layout, max(elem_bytes, 1), a.width, a.offset, DEFAULT_BANKS) for _, smp in ps.by_binding]
    values = [p.wavefronts for p in preds if p is not None]
    if values and max(values) - min(values) > AGREEMENT * max(values):
        what = " and ".join(f"'{n}'" for n in names)
        return AccessSamples((), f"{what} (conflicts depend on its value)"), ()
    merged = [i for _, smp in ps.by_binding for i in smp.instances]
    step = max(1, len(merged) // MAX_INSTANCES)
    return AccessSamples(tuple(merged[::step]), None), names


def _accesses(accesses: list[ir.Access], vars: dict[str, ir.VarDef], block: BlockShape,
              dims: tuple[int, ...] | None, elem_bytes: int, known: dict[str, int]) -> tuple[AccessAnalysis, ...]:
    layout = row_major(dims if dims else (0,))
    analysed = []
    for a in accesses:
        samples, assumed = _samples(a, vars, block, dims, elem_bytes, known)
        flat_samples = [(layout(i.indices), i.active) for i in samples.instances]
        if samples.unknown is not None:
            cls, concrete = "random", None
        else:
            cls, concrete = classify_access(flat_samples)
        stride = _stride(a, dims, vars, block, concrete if cls in ("linear", "stride") else None)
        analysed.append(AccessAnalysis(a, samples, cls, stride, assumed))
    return tuple(analysed)


def _instances(arr: ir.SharedArray, kernel: ir.Kernel | None, accesses: list[ir.Access],
               vars: dict[str, ir.VarDef], block: BlockShape) -> tuple[ArrayAnalysis, ...]:
    """One concrete analysis per template instantiation the file launches, for
    an array whose size depends on template parameters."""
    if kernel is None or arr.is_extern or not kernel.instantiations or len(arr.dim_exprs) != len(arr.dims):
        return ()
    out = []
    for inst in kernel.instantiations:
        known = dict(inst)
        try:
            env = Env({}, dict(known), vars)
            dims = tuple(int(evaluate(e, env)) if e is not None else -1 for e in arr.dim_exprs)
        except Unknown:
            return ()
        if any(d <= 0 for d in dims):
            return ()
        concrete = replace(arr, dims=dims)
        out.append(ArrayAnalysis(concrete, block, _accesses(accesses, vars, block, dims, arr.elem_bytes, known), (),
                                 template_arguments=tuple((vars[k].name if k in vars else k, v) for k, v in inst)))
    return tuple(out)


def _shares_dynamic_memory(arr: ir.SharedArray, info: ir.TranslationUnitInfo) -> bool:
    """Whether another `extern __shared__` array is used where this one is:
    all of a launch's extern arrays start at the same address."""
    def users(a: ir.SharedArray) -> set[str]:
        found = {x.function for x in info.accesses if x.array == a.key}
        found |= {e.function for e in info.escapes if e.array == a.key and e.function}
        return found | ({a.function} if a.function else set())
    mine = users(arr)
    return any(o.key != arr.key and o.is_extern and users(o) & mine for o in info.arrays)


def analyze(info: ir.TranslationUnitInfo, block_option: tuple[int, int, int] | None = None) -> tuple[ArrayAnalysis, ...]:
    """Analyse every shared array of the translation unit."""
    kernels = {k.name: k for k in info.kernels}
    out = []
    for arr in info.arrays:
        accesses = [a for a in info.accesses if a.array == arr.key]
        escapes = tuple(e for e in info.escapes if e.array == arr.key)
        uses_y = any(depends_on(i, info.vars, frozenset(THREAD_ATOMS[1:])) for a in accesses for i in a.indices)
        func = arr.function or (accesses[0].function if accesses else None)
        kernel = kernels.get(func) if func else None
        block = block_shape(kernel, block_option, uses_y)
        dims = None if arr.is_extern or not all(isinstance(d, int) for d in arr.dims) else tuple(int(d) for d in arr.dims)
        instances = _instances(arr, kernel, accesses, info.vars, block) if dims is None else ()
        analysed = instances[0].accesses if instances else _accesses(accesses, info.vars, block, dims, arr.elem_bytes, {})
        shared_dyn = arr.is_extern and _shares_dynamic_memory(arr, info)
        out.append(ArrayAnalysis(arr, block, analysed, escapes, shared_dyn, instances))
    return tuple(out)
