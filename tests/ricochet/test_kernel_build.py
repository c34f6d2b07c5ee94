"""Issue 17: the solver kernel built ahead of time (``kernel_build.py``) answers exactly as numba's
JIT kernel, loads without numba, is never taken stale, and a machine that cannot build it keeps
the JIT kernel."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from robotable.games.ricochet import kernel_build, solver
from robotable.games.ricochet.board import assemble, random_board
from tests.ricochet.conftest import HARDEST, P1, P2, P3

REQUIRED = os.environ.get("ROBOTABLE_REQUIRE_AOT") == "1"  # CI: a machine that must build it


@pytest.fixture(scope="module")
def built() -> ModuleType:
    """The module for this machine (built on the first use of the solver, or now)."""
    module = kernel_build.load() or kernel_build.build(retry=REQUIRED)
    if module is None:
        reason = kernel_build.build_failed() or "not 64-bit Linux"
        if REQUIRED:
            pytest.fail(f"the ahead-of-time kernel did not build: {reason}")
        pytest.skip(f"the ahead-of-time kernel cannot be built here: {reason}")
    return module


@pytest.fixture(scope="module")
def jit() -> ModuleType:
    return solver._jit_kernels()


def solve_with(monkeypatch: pytest.MonkeyPatch, kernels: ModuleType, board, robots, target, **options):  # type: ignore[no-untyped-def]
    """A fresh Solver's answer with these kernel functions."""
    monkeypatch.setattr(solver, "_kernels_in_use", kernels)
    return solver.Solver(board).solve(robots, target, **options)


class Recording:
    """The JIT kernel's functions, recording the numba types of every call's arguments."""

    def __init__(self, kernels: ModuleType) -> None:
        self.kernels = kernels
        self.calls: dict[str, set[tuple]] = {}

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        import numba

        function = getattr(self.kernels, name)

        def call(*args):  # type: ignore[no-untyped-def]
            self.calls.setdefault(name, set()).add(tuple(numba.typeof(arg) for arg in args))
            return function(*args)

        return call


def test_signatures_are_those_of_the_solvers_real_calls(
    jit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The exported types are those the solver passes (the module checks none: a wrong one would
    be undefined behaviour), in a solve, a search that grows its table, and a solve_all."""
    from numba.core import sigutils

    from robotable.games.ricochet.code import Puzzle

    recording = Recording(jit)
    monkeypatch.setattr(solver, "_kernels_in_use", recording)
    puzzle = Puzzle.parse(HARDEST)
    board, robots = puzzle.board(), puzzle.robot_cells()
    solver.Solver(board).solve(robots, puzzle.target, timeout=0.3)  # deep enough to grow its table
    easy = Puzzle.parse(P1)
    solver.Solver(easy.board()).solve_all(easy.robot_cells(), easy.target, limit=5)
    assert set(recording.calls) == set(kernel_build.SIGNATURES) - {"now"}
    for name, seen in recording.calls.items():
        args, _ = sigutils.normalize_signature(kernel_build.SIGNATURES[name])
        assert seen == {tuple(args)}, name


def test_built_kernel_reads_perf_counters_clock(built: ModuleType) -> None:
    """Deadlines are computed in Python with time.perf_counter: the kernel's clock is the same."""
    import time

    before = time.perf_counter()
    inside = built.now()
    after = time.perf_counter()
    assert before <= inside <= after


@pytest.mark.parametrize("rule", [True, False])
def test_built_kernel_answers_as_the_jit_kernel(
    built: ModuleType, jit: ModuleType, monkeypatch: pytest.MonkeyPatch, rule: bool
) -> None:
    """Same moves and the same count of visited states on 60 random positions."""
    rng = random.Random(17)
    for _ in range(60):
        board = assemble(random_board(rng))
        target = rng.choice(sorted(board.targets, key=str))
        centre = {119, 120, 135, 136}
        robots = rng.sample([c for c in range(256) if c not in centre], 4)
        ours = solve_with(monkeypatch, built, board, robots, target, must_ricochet=rule)
        theirs = solve_with(monkeypatch, jit, board, robots, target, must_ricochet=rule)
        assert (ours is None) == (theirs is None)
        if ours is not None and theirs is not None:
            assert (ours.moves, ours.visited) == (theirs.moves, theirs.visited)


def test_built_kernel_lists_every_optimal_solution_as_the_jit_kernel(
    built: ModuleType, jit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    from robotable.games.ricochet.code import Puzzle

    for code in (P1, P2, P3):
        puzzle = Puzzle.parse(code)
        lists = []
        for kernels in (built, jit):
            monkeypatch.setattr(solver, "_kernels_in_use", kernels)
            fresh = solver.Solver(puzzle.board())
            lists.append(fresh.solve_all(puzzle.robot_cells(), puzzle.target, limit=50))
        assert lists[0] == lists[1] and lists[0]


def test_built_kernel_keeps_the_timeout(built: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """RR-34: the clock read inside the kernel stops a 25-move search as the JIT kernel's does."""
    from robotable.games.ricochet.code import Puzzle

    puzzle = Puzzle.parse(HARDEST)
    found = solve_with(monkeypatch, built, puzzle.board(), puzzle.robot_cells(), puzzle.target, timeout=0.05)
    assert found is not None and not found.optimal and found.moves == ()
    assert 1 <= found.lower_bound < 25 and 0.05 <= found.seconds < 2.0
    assert found.visited > 0xFFFF  # searched until the clock said stop, not stopped at once


def test_built_kernel_refuses_an_open_board_edge(built: ModuleType) -> None:
    with pytest.raises(ValueError, match="RR-3"):
        built.wall_stops(np.zeros(256, np.uint8))


def test_solve_command_runs_without_numba(built: ModuleType) -> None:
    """The point of the build: a whole `solve` process never imports numba."""
    program = (
        "import sys\n"
        "from robotable.games.ricochet.code import Puzzle\n"
        "from robotable.games.ricochet.solver import solve\n"
        f"p = Puzzle.parse({P1!r})\n"
        "s = solve(p.board(), p.robot_cells(), p.target)\n"
        "assert s.length == 3, s\n"
        "print('numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_module_name_follows_the_kernel_source(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A changed kernel gets another module name: a stale build is never loaded."""
    copies = []
    for source in kernel_build.SOURCES:
        copy = tmp_path / source.name
        copy.write_bytes(source.read_bytes())
        copies.append(copy)
    monkeypatch.setattr(kernel_build, "SOURCES", tuple(copies))
    kernel_build.module_name.cache_clear()
    try:
        before = kernel_build.module_name()
        copies[0].write_bytes(copies[0].read_bytes() + b"\n# changed\n")
        kernel_build.module_name.cache_clear()
        assert kernel_build.module_name() != before
    finally:
        monkeypatch.undo()
        kernel_build.module_name.cache_clear()


def test_a_failed_build_falls_back_to_the_jit_kernel_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, jit: ModuleType
) -> None:
    """No C compiler (or a numba without pycc): the reason is kept, the next process does not
    try again, and the solver answers with the JIT kernel."""
    attempts = []

    def no_compiler(folder: Path) -> None:
        attempts.append(folder)
        raise OSError("gcc: not found")

    monkeypatch.setenv("ROBOTABLE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(kernel_build, "HERE", tmp_path / "package")  # no module built there either
    monkeypatch.setattr(kernel_build, "_compile", no_compiler)
    assert kernel_build.build() is None
    assert kernel_build.build_failed() == "OSError: gcc: not found"
    assert kernel_build.build() is None and len(attempts) == 1  # remembered
    monkeypatch.setattr(solver, "_kernels_in_use", None)
    assert solver._kernels() is jit
    from robotable.games.ricochet.code import Puzzle

    puzzle = Puzzle.parse(P1)
    found = solver.Solver(puzzle.board()).solve(puzzle.robot_cells(), puzzle.target)
    assert found is not None and found.length == 3


def test_an_unwritable_cache_folder_means_the_jit_kernel(
    monkeypatch: pytest.MonkeyPatch, jit: ModuleType
) -> None:
    """No folder to build in (a read-only home, a service's account): no crash, the JIT kernel."""
    monkeypatch.setenv("ROBOTABLE_CACHE_DIR", "/proc/robotable-cannot-be-made")
    monkeypatch.setattr(kernel_build, "HERE", Path("/proc/robotable-no-package"))
    assert kernel_build.build() is None
    monkeypatch.setattr(solver, "_kernels_in_use", None)
    assert solver._kernels() is jit


def test_a_damaged_module_is_set_aside_and_not_loaded(tmp_path: Path) -> None:
    path = kernel_build.module_path(tmp_path)
    path.write_bytes(b"not a shared object")
    assert kernel_build.load(tmp_path) is None
    assert not path.exists() and path.with_name(path.name + ".bad").exists()  # a build replaces it


def test_a_module_others_may_write_is_never_loaded(tmp_path: Path) -> None:
    """Loading a module runs its code: one in a folder anybody may write could be planted."""
    shared = tmp_path / "shared"
    shared.mkdir()
    path = kernel_build.module_path(shared)
    path.write_bytes(b"planted")
    shared.chmod(0o777)
    assert kernel_build.load(shared) is None and path.exists()  # refused, and left alone


def test_a_failure_is_remembered_for_a_day_then_retried(tmp_path: Path) -> None:
    failure = kernel_build.failure_path(tmp_path)
    failure.write_text("OSError: gcc: not found")
    assert kernel_build.build_failed(tmp_path) == "OSError: gcc: not found"
    old = failure.stat().st_mtime - kernel_build.RETRY_AFTER - 60
    os.utime(failure, (old, old))
    assert kernel_build.build_failed(tmp_path) is None


def test_a_module_built_in_the_package_folder_serves_every_user(
    built: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A system-wide install warmed by its owner: users whose cache folder is elsewhere load the
    module from the package's own __pycache__ instead of building their own."""
    package = tmp_path / "package"
    (package / "__pycache__").mkdir(parents=True)
    source = Path(built.__file__)
    kernel_build.module_path(package / "__pycache__").write_bytes(source.read_bytes())
    monkeypatch.setenv("ROBOTABLE_CACHE_DIR", str(tmp_path / "empty"))
    monkeypatch.setattr(kernel_build, "HERE", package)
    assert kernel_build.built_path() == kernel_build.module_path(package / "__pycache__")
    found = kernel_build.load()
    assert found is not None and found.now() > 0


def _aged(path: Path, seconds: float) -> Path:
    """``path`` with its modification time ``seconds`` in the past."""
    then = path.stat().st_mtime - seconds
    os.utime(path, (then, then))
    return path


def _file(path: Path, age: float = 0.0) -> Path:
    path.write_bytes(b"some bytes")
    return _aged(path, age)


def test_a_build_removes_other_kernels_files_unused_for_a_month(
    built: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    month = kernel_build.PRUNE_AFTER + 60
    stale = _file(tmp_path / "_kernel_aot_0123456789abcdef0123.so", month)
    stale_mark = _file(tmp_path / "_kernel_aot_0123456789abcdef0123.failed", month)
    recent = _file(tmp_path / "_kernel_aot_fedcba9876543210fedc.so")  # another Python's, in use
    unrelated = _file(tmp_path / "notes.txt", month)
    target = _file(tmp_path / "elsewhere.so", month)
    link = tmp_path / "_kernel_aot_aaaaaaaaaaaaaaaaaaaa.so"
    link.symlink_to(target)
    os.utime(link, (0, 0), follow_symlinks=False)

    def compile_by_copy(folder: Path) -> None:  # the real build, without its 10 s
        kernel_build.module_path(folder).write_bytes(Path(built.__file__).read_bytes())

    monkeypatch.setattr(kernel_build, "_compile", compile_by_copy)
    assert kernel_build.build(tmp_path) is not None
    assert not stale.exists() and not stale_mark.exists()
    assert recent.exists() and link.is_symlink() and target.exists()
    assert unrelated.exists()
    assert kernel_build.module_path(tmp_path).exists()


def test_loading_a_module_marks_it_in_use_at_most_daily(built: ModuleType, tmp_path: Path) -> None:
    path = kernel_build.module_path(tmp_path)
    path.write_bytes(Path(built.__file__).read_bytes())
    _aged(path, kernel_build.FRESHEN_AFTER / 2)
    half_a_day_ago = path.stat().st_mtime
    assert kernel_build.load(tmp_path) is not None
    assert path.stat().st_mtime == half_a_day_ago  # no write for a module used today
    _aged(path, kernel_build.PRUNE_AFTER)
    assert kernel_build.load(tmp_path) is not None
    assert time.time() - path.stat().st_mtime < 60  # in use: not pruned by another kernel's build
