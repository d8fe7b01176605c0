"""The lane domain (lane_domain.py) beside the replay (warps.py), site by site.

Issue 27 replaces the collector's replay with the sound IR run per lane. Before
the prediction may switch, every access's wavefronts per request must be the
same under both. `compare_file` runs both on one parse and classes each access
of each analysed array: agreeing, or the first cause that explains a
difference. Both are scored by the same bank model on the array as written,
request by request, without the vector fusing and reload rules (vectorize.py),
which read the replay's static unroll facts and not the lanes' addresses.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .. import ir
from .. import sound_ir as s
from ..banks import DEFAULT_BANKS
from .access_samples import AccessAnalysis
from .arrays import ArrayAnalysis, analyze
from .classify import classified, classify_access
from .lane_domain import LaneFailure, LaneSite
from .lane_sites import AGREEMENT, BLOCK_STEPS, LaneBlocks, sampled
from .predict import predict, row_major
from .warps import AccessSamples

TOLERANCE = 1e-9  # relative: the two means are sums of the same integers in another order


class Agreement(Enum):
    AGREE = "agree"  # the same mean wavefronts per request
    DRAWN = "drawn"  # both draw a data-dependent subscript: the same expected wavefronts, within AGREEMENT
    DRAWN_DIFFERS = "drawn_differs"  # both draw it, and their expected wavefronts differ by more
    BOTH_DATA = "both_data"  # both find a data-dependent subscript; one of them does not draw it
    NEITHER_RUNS = "neither_runs"  # no request under either
    LANE_UNKNOWN = "lane_unknown"  # a subscript not one value in some lane; the replay computes it
    REPLAY_UNKNOWN = "replay_unknown"  # the replay cannot compute or draws it; every lane computes it
    LANE_FAILED = "lane_failed"  # a thread's run gave no trace (lane_domain.LaneFailure)
    LANE_MISSING = "lane_missing"  # the replay has requests, no lane reached the site
    REPLAY_MISSING = "replay_missing"  # lanes reached the site, the replay has no request
    PARAMETER = "parameter"  # differs, and the replay bound a kernel parameter the lanes leave unknown
    TRIPS = "trips"  # differs, with another number of requests (trips sampled or counted otherwise)
    ADDRESSES = "addresses"  # differs over as many requests: other lane addresses

    @property
    def agrees(self) -> bool:
        return self in (Agreement.AGREE, Agreement.DRAWN, Agreement.BOTH_DATA, Agreement.NEITHER_RUNS)


@dataclass(frozen=True, slots=True)
class SiteAgreement:
    array: str  # the array's name
    access: ir.Access
    agreement: Agreement
    replay: float | None  # mean wavefronts per request (None: none, or data-dependent)
    lanes: float | None
    replay_requests: float = 0.0  # requests per block each stands for
    lane_requests: float = 0.0
    detail: str = ""
    # The lanes' class (classify.py: linear, stride, block, random) is the replay's; None: not both computed.
    same_class: bool | None = None
    # With the unroll rules (vectorize.py) applied to both, from the replay's
    # static facts: the lanes' trips fused and reloads dropped as the replay's are.
    same_fused: bool | None = None
    # The sound proof holds for the array (arrays.ArrayAnalysis.unproved is None):
    # only such an array's prediction may steer a rewrite.
    proved: bool = False
    lane_bound: tuple[str, ...] = ()  # kernel parameters the lanes sampled (lane_params.py)
    lane_varies: bool = False  # their values change the lanes' conflicts by more than AGREEMENT


def _mean(samples: AccessSamples, dims: tuple[int, ...] | None, elem: int, a: ir.Access,
          fused: bool = False) -> tuple[float, float] | None:
    """(mean wavefronts, requests) of `samples` on the array as written, request by request
    (`fused`: with the unroll rules of the samples' own flags)."""
    plain = samples if fused else replace(samples, unrolled=0, reloads=False)
    p = predict(plain, row_major(dims if dims else (0,)), max(elem, 1), a.width, a.offset, DEFAULT_BANKS)
    return None if p is None else (p.wavefronts, p.executions)


def _class_of(lanes: LaneSite, dims: tuple[int, ...] | None) -> str:
    """The lanes' class as access_samples classes the replay's: the requests `classified` picks, flattened."""
    layout = row_major(dims if dims else (0,))
    chosen = lanes.instances[classified(len(lanes.instances))]
    return classify_access([(layout(i.indices), i.active) for i in chosen], thinned=True)[0]


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE * max(1.0, abs(a))


def compare_access(x: AccessAnalysis, dims: tuple[int, ...] | None, elem: int,
                   lanes: LaneSite | None | LaneFailure, name: str) -> SiteAgreement:
    a = x.access
    replay_data = x.samples.unknown is not None or bool(x.samples.expected)
    r = None if replay_data else _mean(x.samples, dims, elem, a)
    base = SiteAgreement(name, a, Agreement.AGREE, r[0] if r else None, None, r[1] if r else 0.0)
    if isinstance(lanes, LaneFailure):
        return replace(base, agreement=Agreement.LANE_FAILED, detail=lanes.value)
    if lanes is not None and lanes.unknown is not None:
        return replace(base, agreement=Agreement.BOTH_DATA if replay_data else Agreement.LANE_UNKNOWN,
                       detail=lanes.unknown)
    m = _mean(AccessSamples(lanes.instances, None), dims, elem, a) if lanes is not None else None
    got = replace(base, lanes=m[0] if m else None, lane_requests=m[1] if m else 0.0,
                  lane_bound=lanes.bound if lanes is not None else (),
                  lane_varies=lanes is not None and lanes.varies is not None,
                  same_class=_class_of(lanes, dims) == x.cls if lanes is not None and lanes.instances
                  and not replay_data and x.samples.instances else None)
    if lanes is not None and lanes.expected and x.samples.expected:
        return _drawn(got, x, dims, elem, m, lanes)
    if replay_data:
        why = x.samples.unknown or "drawn: " + ", ".join(x.samples.expected)
        return replace(got, agreement=Agreement.REPLAY_UNKNOWN if m else Agreement.LANE_MISSING, detail=why)
    if r is None and m is None:
        return replace(got, agreement=Agreement.NEITHER_RUNS)
    if m is None:
        return replace(got, agreement=Agreement.LANE_MISSING)
    if r is None:
        return replace(got, agreement=Agreement.REPLAY_MISSING)
    if _close(r[0], m[0]) * max(1.0, r[0]):
        assert lanes is not None
        rf = _mean(x.samples, dims, elem, a, fused=True)
        mf = _mean(AccessSamples(lanes.instances, None, unrolled=x.samples.unrolled, reloads=x.samples.reloads),
                   dims, elem, a, fused=True)
        return replace(got, same_fused=rf is not None and mf is not None and _close(rf[0], mf[0]))
    if x.assumed_params or lanes is not None and lanes.bound:
        mine = ", ".join(lanes.bound if lanes else ()) or "-"
        return replace(got, agreement=Agreement.PARAMETER,
                       detail=f"replay: {', '.join(x.assumed_params) or '-'}; lanes: {mine}")
    if abs(r[1] - m[1]) > TOLERANCE * max(1.0, r[1]):
        return replace(got, agreement=Agreement.TRIPS)
    return replace(got, agreement=Agreement.ADDRESSES)


def _drawn(got: SiteAgreement, x: AccessAnalysis, dims: tuple[int, ...] | None, elem: int,
           m: tuple[float, float] | None, lanes: LaneSite) -> SiteAgreement:
    """Both draw the access: agreeing in distribution when their expected
    wavefronts per request differ by at most AGREEMENT (the bar the replay's
    own parameter samples must meet) and their requests per block match."""
    r = _mean(x.samples, dims, elem, x.access)
    got = replace(got, replay=r[0] if r else None, replay_requests=r[1] if r else 0.0,
                  detail="lanes: " + ", ".join(lanes.expected) + "; replay: " + ", ".join(x.samples.expected))
    if r is None or m is None:
        return replace(got, agreement=Agreement.DRAWN_DIFFERS)
    close = abs(r[0] - m[0]) <= AGREEMENT * max(r[0], m[0]) and abs(r[1] - m[1]) <= TOLERANCE * max(1.0, r[1])
    return replace(got, agreement=Agreement.DRAWN if close else Agreement.DRAWN_DIFFERS)


def compare_analyses(program: s.Program, analyses: tuple[ArrayAnalysis, ...], block_steps: int = BLOCK_STEPS
                     ) -> list[SiteAgreement]:
    """Every access of every array analysed with constant or run-time extents, under its reported block shape;
    `block_steps`: the interpreter steps one block's lanes may take together."""
    blocks = LaneBlocks(program, block_steps)
    out = []
    for whole in analyses:
        if whole.over_budget is not None:
            continue
        one = whole.instances[0] if whole.instances else whole
        if one.logical_dims is None and not whole.array.is_extern:
            continue  # a template's extents no instance fixes: nothing the replay predicts on either
        shape = (whole.block.x, whole.block.y, whole.block.z)
        for x in one.accesses:
            lanes = sampled(blocks, whole.array.key, shape, one.template_arguments, x.access, one.logical_dims,
                            whole.elem_bytes)
            out.append(replace(compare_access(x, one.logical_dims, whole.elem_bytes, lanes, whole.array.name),
                               proved=whole.unproved is None))
    return out


def compare_file(info: ir.TranslationUnitInfo, block_option: tuple[int, int, int] | None = None
                 ) -> list[SiteAgreement] | None:
    """Both predictions of every access of one parse; None without a sound IR to run."""
    if info.sound is None:
        return None
    return compare_analyses(info.sound(), analyze(info, block_option))
