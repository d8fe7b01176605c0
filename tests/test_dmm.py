"""Tests for rapcc.dmm: the Discrete Memory Machine simulator of seed 000."""
import itertools
import math

import numpy as np
import pytest

from rapcc.dmm import SCHEMES, congestion, simulate
from rapcc.dmm.access import access_indices
from rapcc.dmm.malicious import candidate_pool, find_malicious, guaranteed_classes
from rapcc.dmm.model import linear_address, sample_injections, summarise
from rapcc.dmm.simulate import congestion_samples


def expected_max_load(n: int) -> float:
    """Exact E[max load] of n balls thrown independently into n bins:
    P(max <= k) = n! / n^n [x^n] (sum_{j<=k} x^j / j!)^n."""
    total = 0.0
    for k in range(n):  # E[max] = sum_{k>=0} P(max > k)
        poly = np.array([1 / math.factorial(j) for j in range(k + 1)])
        power = np.array([1.0])
        for _ in range(n):
            power = np.convolve(power, poly)[: n + 1]
        p_at_most = power[n] * math.factorial(n) / n**n if power.size > n else 0.0
        total += 1 - p_at_most
    return total


# --- §II congestion -------------------------------------------------------


def test_congestion_counts_distinct_addresses_per_bank():
    addresses = np.array([[0, 4, 8, 1], [5, 5, 5, 5], [0, 4, 4, 8]])
    banks = addresses % 4
    # Fig. 2 (3): all threads on one address -> merged, congestion 1.
    assert congestion(addresses, banks, 4).tolist() == [3, 1, 3]
    assert congestion(addresses[:1], banks[:1], 4, distinct=True).tolist() == [3]


def test_linear_address_is_row_major():
    idx = np.array([[1, 2, 3, 4]])
    assert linear_address(idx, 10).tolist() == [1234]


# --- random permutations drawn lazily --------------------------------------


@pytest.mark.parametrize("points", [[0, 1, 2], [0, 1, 2, 3, 4, 5, 6]])  # sparse and dense branches
def test_sample_injections_is_a_uniform_injection(points):
    w, trials = 8, 40000
    rng = np.random.default_rng(3)
    groups = np.repeat(np.arange(trials), len(points)).reshape(trials, -1)
    pts = np.tile(points, (trials, 1))
    values = sample_injections(groups, pts, w, rng)
    assert all(len(set(row)) == len(points) for row in values[:2000].tolist())
    # Each point's value is uniform on [0, w).
    for column in values.T:
        freq = np.bincount(column, minlength=w) / trials
        assert np.abs(freq - 1 / w).max() < 0.01
    # Pairs of points are uniform over the w (w - 1) ordered pairs of distinct values.
    pair = np.bincount(values[:, 0] * w + values[:, 1], minlength=w * w).reshape(w, w) / trials
    off = pair[~np.eye(w, dtype=bool)]
    assert np.abs(off - 1 / (w * (w - 1))).max() < 0.006


def test_sample_injections_repeats_values_for_repeated_points_and_separates_groups():
    rng = np.random.default_rng(0)
    groups = np.array([[0, 0, 1, 1, 0]])
    points = np.array([[2, 5, 2, 5, 2]])
    v = sample_injections(groups, points, 16, rng)[0]
    assert v[0] == v[4] and v[0] != v[1]
    many = sample_injections(np.arange(10000).reshape(5000, 2), np.zeros((5000, 2), dtype=np.int64), 16, rng)
    assert 0.04 < np.mean(many[:, 0] == many[:, 1]) < 0.085  # independent groups collide w.p. 1/16


# --- §III-§V: RAW, RAS, RAP on a w x w matrix -------------------------------


@pytest.mark.parametrize("w", [16, 32, 64])
def test_rap_contiguous_and_stride_are_always_conflict_free(w):
    # Theorem 2: the congestion of contiguous and stride access is 1 under RAP.
    for access in ("contiguous", "stride"):
        samples = congestion_samples(SCHEMES["rap"], access, w, 3000, np.random.default_rng(w))
        assert samples.max() == 1


def test_raw_values_of_section_iii():
    assert simulate("raw", "stride", 32, 50).mean == 32
    assert simulate("raw", "contiguous", 32, 50).mean == 1
    assert simulate("raw", "diagonal", 32, 50).mean == 1
    assert simulate("ras", "contiguous", 32, 50).mean == 1


def test_ras_stride_matches_exact_balls_into_bins():
    # Under RAS a column's w elements land in independent uniform banks.
    exact = expected_max_load(32)
    assert abs(exact - 3.53) < 0.005  # the value seed 000 §I and Table III state
    result = simulate("ras", "stride", 32, 40000, seed=5)
    assert result.ci95[0] - 0.005 <= exact <= result.ci95[1] + 0.005


def test_rap_diagonal_near_seed_value_3_61():
    # §V: "when w = 32, the congestion by the RAP is 3.61 while that by the RAS is 3.53".
    rap = simulate("rap", "diagonal", 32, 40000, seed=6)
    ras = simulate("ras", "diagonal", 32, 40000, seed=7)
    assert abs(rap.mean - 3.61) <= rap.half_width + 0.005
    assert abs(ras.mean - 3.53) <= ras.half_width + 0.005
    assert rap.ci95[0] > ras.ci95[1]  # RAP is slightly worse on the diagonal


def test_random_access_is_the_same_for_all_three():
    means = [simulate(s, "random", 32, 20000, seed=8).mean for s in ("raw", "ras", "rap")]
    assert max(means) - min(means) < 0.05


def test_seed_reproducibility():
    assert simulate("rap", "random", 16, 500, seed=3) == simulate("rap", "random", 16, 500, seed=3)
    assert simulate("rap", "random", 16, 500, seed=3) != simulate("rap", "random", 16, 500, seed=4)


def test_summarise_confidence_interval():
    r = summarise("x", "y", 4, np.array([1, 2, 3, 4]))
    assert r.mean == 2.5
    assert math.isclose(r.half_width, 1.96 * np.std([1, 2, 3, 4], ddof=1) / 2)


def test_bad_requests_raise():
    with pytest.raises(ValueError):
        simulate("rap", "stride1", 32, 10)
    with pytest.raises(ValueError):
        simulate("3p", "diagonal", 32, 10)
    with pytest.raises(ValueError):
        simulate("nope", "random", 32, 10)
    with pytest.raises(ValueError):
        simulate("rap", "random", 1, 10)
    with pytest.raises(ValueError):
        access_indices("malicious", 2, 8, 1, np.random.default_rng(0))


# --- §VII: larger arrays -----------------------------------------------------


def test_random_number_counts_of_table_iv():
    w = 32
    got = {name: s.random_numbers(w) for name, s in SCHEMES.items()}
    assert got == {"raw": 0, "ras": w, "rap": w, "1p": w, "r1p": w, "3p": 3 * w, "w2p": w**3, "1p-wr": w + w * w}


@pytest.mark.parametrize("scheme", ["r1p", "3p"])
def test_r1p_and_3p_have_conflict_free_lines(scheme):
    for access in ("contiguous", "stride1", "stride2", "stride3"):
        assert simulate(scheme, access, 16, 2000, seed=1).mean == 1


def test_1p_w2p_1pwr_line_congestion():
    assert simulate("1p", "stride1", 16, 500).mean == 1
    assert simulate("1p", "stride2", 16, 500).mean == 16
    assert simulate("1p", "stride3", 16, 500).mean == 16
    for scheme in ("w2p", "1p-wr"):
        assert simulate(scheme, "stride1", 16, 500).mean == 1
        # stride2/stride3 read independent permutations or random integers: RAS-like.
        ras_like = simulate(scheme, "stride3", 32, 20000, seed=2)
        assert abs(ras_like.mean - expected_max_load(32)) <= ras_like.half_width + 0.01


def test_r1p_counterexample_always_shares_a_bank():
    # §VII: a[0][1][2][l], a[0][2][1][l], ... are all in bank (l + p(0) + p(1) + p(2)) mod w.
    w, l = 32, 7
    elements = np.array([(*perm, l) for perm in itertools.permutations((0, 1, 2))])
    r1p, three_p = SCHEMES["r1p"], SCHEMES["3p"]
    assert len({r1p.symbolic_shift(tuple(e)) for e in elements}) == 1
    batch = np.broadcast_to(elements, (2000, *elements.shape))
    banks = r1p.banks(batch, w, np.random.default_rng(1))
    assert (banks == banks[:, :1]).all()
    assert not (three_p.banks(batch, w, np.random.default_rng(1)) == banks[:, :1]).all()


def test_guaranteed_classes():
    pool = candidate_pool(SCHEMES["r1p"], 32, np.random.default_rng(0))
    assert len(guaranteed_classes(SCHEMES["r1p"], pool)[0]) == 6
    assert len(guaranteed_classes(SCHEMES["3p"], candidate_pool(SCHEMES["3p"], 32, np.random.default_rng(0)))[0]) == 1
    assert len(guaranteed_classes(SCHEMES["1p"], candidate_pool(SCHEMES["1p"], 256, np.random.default_rng(0)))[0]) >= 256
    assert len(guaranteed_classes(SCHEMES["raw"], candidate_pool(SCHEMES["raw"], 64, np.random.default_rng(0)))[0]) == 64


def test_malicious_search_reproduces_the_r1p_weakness():
    w = 32
    pattern = find_malicious(SCHEMES["r1p"], w, np.random.default_rng(0))
    assert len(pattern.elements) == w and len(set(pattern.elements)) == w
    assert pattern.guaranteed == 6
    r1p = simulate("r1p", "malicious", w, 5000, seed=1)
    three_p = simulate("3p", "malicious", w, 5000, seed=1)
    assert r1p.ci95[0] >= 6 and r1p.ci95[0] > three_p.ci95[1] + 2


def test_malicious_is_worst_case_for_raw_and_1p_and_no_better_than_known_accesses():
    assert simulate("raw", "malicious", 32, 200).mean == 32
    assert simulate("1p", "malicious", 32, 200).mean == 32
    rap = simulate("rap", "malicious", 32, 20000, seed=2)
    assert rap.mean >= simulate("rap", "diagonal", 32, 20000, seed=3).mean - 0.05
