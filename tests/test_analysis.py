"""Analysis on seed 004 §3.2's worked examples."""
from __future__ import annotations

from pathlib import Path

from rapcc.analysis.arrays import analyze
from rapcc.analysis.predict import predict, row_major
from rapcc.banks import BankModel
from rapcc.frontend import parse_file
from rapcc.pipeline import Options

GOLDEN = Path(__file__).resolve().parent / "golden"


def _analysed(name: str):
    path = GOLDEN / name
    info, _ = parse_file(str(path), path.read_bytes(), Options())
    out = []
    for a in analyze(info):
        for x in a.accesses:
            p = predict(x.samples, row_major(a.logical_dims), a.array.elem_bytes, x.access.width, 0, BankModel())
            out.append((a.array.name, x.access.kind, x.cls, x.stride, p))
    return out


def test_transpose_tile16_load_linear_store_8_way():
    acc = _analysed("transpose16.cu")
    store_into_tile = [a for a in acc if a[1] == "store"][0]
    read_from_tile = [a for a in acc if a[1] == "load"][0]
    assert store_into_tile[2] == "linear" and store_into_tile[4].wavefronts == 1.0
    # 16x16 threads: two rows of 16 lanes per warp, S = TILE_DIM = 16 between lanes of a row.
    assert read_from_tile[3] == 16
    assert read_from_tile[4].wavefronts == 8.0 and read_from_tile[4].ideal == 1.0


def test_reduction_stride_is_2s():
    acc = _analysed("reduction.cu")
    updates = [a for a in acc if a[1] == "update"]
    assert updates and updates[0][2] == "stride" and updates[0][3] == "2*s"
    # s = 1, 2, 4, ...: 2-, 4-, 8-, 16-way, fewer lanes as s grows.
    assert 3.0 < updates[0][4].wavefronts < 5.0


def test_fwt_stride_8_is_4_way_block():
    acc = _analysed("fwt8.cu")
    butterfly = [a for a in acc if a[2] == "block"]
    assert len(butterfly) == 4
    assert all(a[4].wavefronts == 4.0 for a in butterfly)
    copies = [a for a in acc if a[2] == "linear"]
    assert copies and all(a[4].wavefronts == 1.0 for a in copies)


def test_data_dependent_subscript_is_random():
    acc = _analysed("histogram.cu")
    random = [a for a in acc if a[2] == "random"]
    assert len(random) == 1 and random[0][4] is None
