"""The Discrete Memory Machine simulator of seed 000 (Nakano et al., RAP).

`model` (congestion, §II), `schemes` (RAW, RAS, RAP, §VII extensions),
`access` (contiguous, stride, diagonal, random), `malicious` (adversarial
access search), `simulate` (Monte Carlo estimates with confidence intervals).
"""
from rapcc.dmm.model import SimulationResult, congestion
from rapcc.dmm.schemes import SCHEMES, Scheme
from rapcc.dmm.simulate import congestion_table, simulate

__all__ = ["SCHEMES", "Scheme", "SimulationResult", "congestion", "congestion_table", "simulate"]
