"""The block shapes the range proof must hold under: one set per (kernel, instance).

The planner may guess shapes (shapes.py) to choose the fastest layout; a guess
never reaches the proof. A shape licenses a rewrite only as a fact:

- `Exact`: the user stated it (`--block-dim`, `#pragma rapcc block_dim`, the
  `rapcc_block_dim` annotation) or every launch of the kernel rapcc sees was
  read exactly (frontend/host_values.py), per template instance where the
  launches name one;
- `AnyShape`: anything else, a kernel of external linkage in a single-file
  run included (another file may launch it: `ir.Kernel.launched_elsewhere`). The proof then holds under every shape the
  hardware allows (x, y <= 1024, z <= 64, x*y*z <= 1024 threads), narrowed
  only by what the kernel itself states: `__launch_bounds__(N)` (a launch of
  more threads fails, so no access runs). Guards and early returns narrow the
  thread indices inside the interpreter, as under any shape.

An unknown launch is never one plausible shape, nor a set of them: a kernel
launched 64x4 where 32x8 was guessed walks into the padding.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Callable, Iterable

if TYPE_CHECKING:
    from ..ir import Kernel

Shape = tuple[int, int, int]
MAX_THREADS = 1024  # CUDA's limit on the threads of a block (every architecture rapcc targets)
MAX_XY = 1024  # blockDim.x and blockDim.y
MAX_Z = 64  # blockDim.z


class Unread(Enum):
    """Why a kernel's launch shapes are not known exactly."""

    NO_LAUNCH = "no_launch"  # no launch of it in the code rapcc sees (a library kernel, a kernel only referenced)
    UNKNOWN_LAUNCH = "unknown_launch"  # a launch whose block rapcc cannot read (run-time value, pointer, ...)
    OVERLOADED = "overloaded"  # kernels of one name: which launch is whose is not known
    ELSEWHERE = "elsewhere"  # external linkage, and the files read are not the whole program


@dataclass(frozen=True, slots=True)
class Exact:
    """Every shape the kernel (instance) may be launched with."""

    shapes: tuple[Shape, ...]


@dataclass(frozen=True, slots=True)
class AnyShape:
    """Every block shape of at most `max_threads` threads the hardware allows."""

    kernel: str
    why: Unread
    max_threads: int = MAX_THREADS

    @property
    def axes(self) -> Shape:
        """The largest blockDim along x, y and z."""
        return (min(MAX_XY, self.max_threads), min(MAX_XY, self.max_threads), min(MAX_Z, self.max_threads))

    def admits(self, shape: Shape) -> bool:
        """Whether a launch of `shape` can run under this set's bounds."""
        x, y, z = shape
        ax, ay, az = self.axes
        return 1 <= x <= ax and 1 <= y <= ay and 1 <= z <= az and x * y * z <= self.max_threads


ProofShapes = Exact | AnyShape


def _most_threads(kernel: Kernel) -> int:
    n = kernel.launch_bounds
    return min(n, MAX_THREADS) if n is not None and n >= 1 else MAX_THREADS


def proof_shapes(name: str, kernel: Kernel | None, option: Shape | None,
                 arguments: tuple[tuple[str, int], ...]) -> ProofShapes:
    """The shapes kernel `name`'s instance `arguments` must be proved under; `option`: `--block-dim`."""
    if option is not None:
        return Exact(((tuple(option) + (1, 1, 1))[:3],))  # type: ignore[arg-type]
    if kernel is None:
        return AnyShape(name, Unread.NO_LAUNCH)
    if kernel.pragma_block_dim is not None:
        return Exact((kernel.pragma_block_dim,))
    if kernel.launched_elsewhere:
        # Another file may launch it with any shape: its own launches are some of them.
        return AnyShape(name, Unread.ELSEWHERE, _most_threads(kernel))
    if kernel.launch_unknown:
        # Its read launches are shapes AnyShape holds already (a launch over the bound never runs).
        return AnyShape(name, Unread.UNKNOWN_LAUNCH, _most_threads(kernel))
    if arguments and kernel.instance_block_dims:
        wanted = dict(arguments)
        own = [shapes for inst, shapes in kernel.instance_block_dims
               if {n.split("@")[0]: v for n, v in inst} == wanted]
        found = tuple(dict.fromkeys(s for shapes in own for s in shapes))
        if found:
            return Exact(found)
    if kernel.launch_block_dims:
        # Every launch of the kernel was read: whichever instance it ran, its shape is one of these.
        return Exact(tuple(kernel.launch_block_dims))
    return AnyShape(name, Unread.NO_LAUNCH, _most_threads(kernel))


def shapes_for(kernels: Iterable[Kernel], option: Shape | None
               ) -> Callable[[str, tuple[tuple[str, int], ...]], ProofShapes]:
    """`proof_shapes` by kernel name, as the proof asks (soundness.ShapesFor)."""
    by_name: dict[str, list[Kernel]] = {}
    for k in kernels:
        by_name.setdefault(k.name, []).append(k)

    def of(name: str, arguments: tuple[tuple[str, int], ...]) -> ProofShapes:
        mine = by_name.get(name, [])
        if len(mine) > 1 and option is None:
            # Overloads share the name the proof asks by: whose launches are whose is not known.
            return AnyShape(name, Unread.OVERLOADED)
        return proof_shapes(name, mine[0] if mine else None, option, arguments)
    return of


def under_guard(base: Callable[[str, tuple[tuple[str, int], ...]], ProofShapes], guard: tuple[Shape, ...]
                ) -> Callable[[str, tuple[tuple[str, int], ...]], ProofShapes]:
    """`base`, where every instance not known exactly runs under each shape of a
    layout's guard (analysis/guards.py) that its own bounds admit."""
    def of(name: str, arguments: tuple[tuple[str, int], ...]) -> ProofShapes:
        wanted = base(name, arguments)
        if isinstance(wanted, Exact):
            return wanted
        return Exact(tuple(s for s in guard if wanted.admits(s)))
    return of
