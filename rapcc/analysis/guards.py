"""Layouts behind a test of `blockDim` (issue 27 §6): sound for launches rapcc cannot read.

A kernel whose launches are not all read (proof_shapes.AnyShape: a launch
whose shape is a run-time value, no launch in the files read, or a kernel of
external linkage that another file may launch) must be proved under every
block shape the hardware allows, and a tile indexed by `threadIdx.x` is in
range under none but the shapes it was written for. Such an array may still
change layout when the change is conditional: the new layout is used where
`blockDim` is one of a set of shapes the proof ran under, and the layout as
written everywhere else. `blockDim` is the same for every thread of a launch,
so each block uses one layout throughout, and under any other shape every
access is the input's own. Only a layout of the same size can be chosen so
(planner.same_size): a padded array cannot hold the unpadded layout at the
same subscripts, and its growth needs the launches' dynamic shared memory,
which is unknown here.

The shapes of the guard are the planner's (analysis/shapes.py: the launches
this file reads, else plausible guesses): a guess now licenses nothing by
itself, since the emitted test makes every other shape run the input's code.
The proof under them is the same proof (soundness.prove), with every kernel
instance that is not known exactly run under each guard shape its own bounds
admit; a kernel known exactly runs its own shapes, under which the guard
holds or the layout as written runs.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from .. import ir
from .absint import Failure, Finding
from .proof_shapes import AnyShape
from .site_facts import ProofFacts, Sites, join_sites
from .soundness import prove_file

Shape = tuple[int, int, int]


def shape_bound(f: Finding | None) -> bool:
    """Whether `f` is a finding a narrower set of block shapes may remove: a
    subscript the proof over every shape could not keep in range."""
    return f is not None and f.failure == Failure.OUT_OF_RANGE and isinstance(f.shape, AnyShape)


def guarded_proof(info: ir.TranslationUnitInfo, option: Shape | None, proof: ProofFacts,
                  planned: Mapping[str, tuple[Shape, ...]], every: bool = False
                  ) -> tuple[ProofFacts, dict[str, tuple[Shape, ...]]]:
    """`proof` with the arrays it refused only for want of a launch shape proved
    again under each shape they are `planned` for (array key -> shapes), and the
    guard of each array: the shapes that proof holds under (none: still refused).
    The facts of a guarded array are those its runs under the guard recorded,
    which hold under the guard's shapes only, as its layout does. With `every`
    (a measurement of the test's own cost, benchmarks/guard_cost.py), an array
    proved as it is gets its planned shapes as a guard too."""
    groups: dict[tuple[Shape, ...], set[str]] = {}
    for key, f in proof.findings.items():
        shapes = planned.get(key)
        if shapes and shape_bound(f):
            groups.setdefault(shapes, set()).add(key)
    proved = {key: planned[key] for key, f in proof.findings.items() if every and f is None and planned.get(key)}
    if not groups:
        return proof, proved
    findings = dict(proof.findings)
    sites = dict(proof.sites)
    guards: dict[str, tuple[Shape, ...]] = dict(proved)
    for shapes, keys in sorted(groups.items()):
        held: dict[str, list[Shape]] = {}
        reached: dict[str, Sites] = {}
        for shape in shapes:
            again = prove_file(info, option, frozenset(keys), (shape,))
            if again is None:
                break
            for key in keys:
                if again.lowered(key) and again.finding(key) is None:
                    held.setdefault(key, []).append(shape)
                    join_sites(reached.setdefault(key, {}), {(key, s, e): idx for s, e, idx in again.sites.get(key, ())})
        for key, ok in held.items():
            findings[key] = None
            sites[key] = tuple((s, e, idx) for (_, s, e), idx in reached[key].items())
            guards[key] = tuple(ok)
    return replace(proof, findings=findings, sites=sites), guards


__all__ = ["guarded_proof", "shape_bound"]
