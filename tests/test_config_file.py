"""The project's `.rapcc.toml` / `[tool.rapcc]` (issue 29): it sets the options
users repeat; the command line wins. Each test's project is a folder with a
`.git`, where the search stops, so no file outside tmp_path is read."""
from __future__ import annotations

import json

import pytest

from rapcc.config_file import find_config
from rapcc.diagnostics import RapccError

KERNEL = """#include "tile.h"
__global__ void k(float *o) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.x][threadIdx.y] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
void launch(float *o) { k<<<1, dim3(32, 8)>>>(o); }  // no dynamic shared memory: padding may grow the tile
"""


@pytest.fixture
def project(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "tile.h").write_text("#ifndef TILE\n#define TILE 16\n#endif\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_text(KERNEL)
    return tmp_path


def _report(run_cli, path, *flags):
    code, out, err = run_cli("analyze", str(path), "--format", "json", *flags)
    assert code == 0, err
    (tile,) = json.loads(out)["arrays"]
    return tile


CONFIG = 'block-dim = "32x8"\ninclude-dirs = ["include"]\ndefines = ["TILE=32"]\nstrategy = "pad"\nwhole-program = true\n'


@pytest.mark.parametrize("name, text", [(".rapcc.toml", CONFIG), ("pyproject.toml", "[project]\nname = 'x'\n\n"
                                                                                     "[tool.rapcc]\n" + CONFIG)])
def test_the_projects_file_sets_block_dim_include_dirs_and_defines(run_cli, project, name, text):
    (project / name).write_text(text)
    tile = _report(run_cli, project / "src" / "k.cu")
    assert tile["dims"] == [32, 32] and tile["block_dim"] == [32, 8, 1] and tile["block_dim_source"] == "option"
    code, _, err = run_cli(str(project / "src" / "k.cu"), "-o", str(project / "out.cu"), "--report")
    assert code == 0 and "strategy: pad" in err


def test_the_command_line_wins(run_cli, project):
    (project / ".rapcc.toml").write_text(CONFIG)
    tile = _report(run_cli, project / "src" / "k.cu", "--block-dim", "16x16", "-D", "TILE=64")
    assert tile["block_dim"] == [16, 16, 1]
    code, _, err = run_cli(str(project / "src" / "k.cu"), "--strategy", "xor", "-o", str(project / "o.cu"), "--report")
    assert code == 0 and "strategy: xor" in err


def test_without_a_file_nothing_is_set(run_cli, project):
    """The twin: a pyproject.toml without [tool.rapcc] is passed over, and the
    search stops at the repository's root (.git)."""
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    assert find_config(project / "src" / "k.cu") is None
    tile = _report(run_cli, project / "src" / "k.cu", "-I", str(project / "include"))
    assert tile["dims"] == [16, 16] and tile["block_dim_source"] != "option"


def test_fail_on_from_the_file(run_cli, project):
    (project / ".rapcc.toml").write_text(CONFIG + 'fail-on = ["conflict"]\n')
    assert run_cli("analyze", str(project / "src" / "k.cu"))[0] == 4


@pytest.mark.parametrize("text, message", [("strategy = 'diagonal'\n", "'strategy' must be one of"),
                                           ("block-dim = '64x64'\n", "at most 1024 threads"),
                                           ("colour = 'always'\n", "unknown key 'colour'"),
                                           ("defines = 'TILE=32'\n", "must be a list of strings"),
                                           ("strategy = \n", "not valid TOML")])
def test_a_bad_file_is_an_error_naming_it(run_cli, project, text, message):
    (project / ".rapcc.toml").write_text(text)
    with pytest.raises(RapccError, match=message):
        find_config(project / "src")
    code, _, err = run_cli("analyze", str(project / "src" / "k.cu"))
    assert code == 1 and str(project / ".rapcc.toml") in err and message in err
