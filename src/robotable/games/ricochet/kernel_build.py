"""The solver kernel compiled ahead of time: a plain extension module, loaded without numba.

Loading numba and its CPU target costs about 0.3 s per process, more than most searches: the
price of every `robotable ricochet solve CODE`. So the first use on a machine compiles the same
kernel source (``_kernel.py``) with numba's ahead-of-time compiler (``numba.pycc``) into an
extension module of the user's cache, and every later process loads that module in
milliseconds. The module's name carries a digest of the kernel's source, of the kernel contract,
of the Python build and of the CPU (the code is compiled for this CPU, as numba's JIT does), so a
changed kernel or another machine sharing the cache never loads a stale module.

Where the build cannot run (not 64-bit Linux, no C compiler or Python headers, a numba without
``pycc``: it has been pending deprecation since numba 0.57), the failure is remembered beside the
module and the solver uses numba's JIT-compiled kernel instead, as before: slower to start,
the same answers. ``ROBOTABLE_CACHE_DIR`` chooses the folder; by default it is the package's
``__pycache__`` when writable (as numba's own cache), else the user's cache folder
(``~/.cache/robotable`` on Linux).

The exported functions check no argument types (a wrong array type is undefined behaviour):
only ``solver.py`` calls them, with the arrays it builds itself.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
SOURCES = (HERE / "_kernel.py", HERE / "kernel_contract.py")
SUPPORTED = sys.platform.startswith("linux") and sys.maxsize > 2**32  # see _kernel.CLOCK_IN_KERNEL

# The functions Python calls, with the argument types of solver.py's calls (a test checks them
# against the JIT dispatchers' own signatures). Every array is C-contiguous.
SIGNATURES = {
    "wall_stops": "int64[::1](uint8[::1])",
    "lower_bounds": "uint8[::1](int64[::1], int64, uint8[::1])",
    "search": (
        "UniTuple(int64, 4)(int64[::1], uint8[::1], uint64[:, ::1], boolean[::1], int64, int64, boolean,"
        " int64, boolean, int64[::1], int64, int64, float64, uint64[::1], int64, boolean, int64[:, ::1],"
        " int64, int64, int64[:, ::1], uint64[::1], int64[:, ::1], uint64[::1])"
    ),
    "rehash": "none(uint64[::1], int64, uint64[::1], int64)",
}


def cache_dir() -> Path:
    """Where the built module lives (see the module's docstring)."""
    chosen = os.environ.get("ROBOTABLE_CACHE_DIR")
    if chosen:
        return Path(chosen)
    local = HERE / "__pycache__"
    if os.access(local if local.exists() else HERE, os.W_OK):
        return local
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("robotable"))


@functools.cache
def module_name() -> str:
    """``_kernel_aot_`` and a digest of everything the compiled code depends on (read once)."""
    digest = hashlib.sha256()
    for source in SOURCES:
        digest.update(source.read_bytes())
    digest.update(sys.version.encode())
    digest.update(_cpu_identity())
    return f"_kernel_aot_{digest.hexdigest()[:20]}"


def _cpu_identity() -> bytes:
    """The CPU's model and feature flags: the module is compiled for this CPU."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return b"unknown"
    keep = [line for line in text.splitlines() if line.startswith(("model name", "flags", "Features"))]
    return "\n".join(sorted(set(keep))).encode()


def module_path(folder: Path | None = None) -> Path:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return (folder or cache_dir()) / (module_name() + suffix)


def failure_path(folder: Path | None = None) -> Path:
    """Written when a build failed, so that later processes do not try again at every start."""
    return (folder or cache_dir()) / (module_name() + ".failed")


def load(folder: Path | None = None) -> ModuleType | None:
    """The built module, or None when it has not been built for this kernel and machine."""
    path = module_path(folder)
    if not SUPPORTED or not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(path.name.split(".")[0], path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_failed(folder: Path | None = None) -> str | None:
    """Why the last build for this kernel and machine failed, or None if none failed."""
    path = failure_path(folder)
    return path.read_text() if path.exists() else None


def build(folder: Path | None = None, *, retry: bool = False) -> ModuleType | None:
    """Compile the module into ``folder`` (default :func:`cache_dir`) unless it is there, and load
    it. None when it cannot be built here: the reason is kept (see :func:`build_failed`) and,
    unless ``retry``, a later call does not try again. Processes building at once take turns."""
    if not SUPPORTED:
        return None
    folder = folder or cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with _build_lock(folder):
        module = load(folder)
        if module is not None or (build_failed(folder) and not retry):
            return module
        try:
            _compile(folder)
        except Exception as error:  # any failure of the toolchain means: use the JIT kernel
            failure_path(folder).write_text(f"{type(error).__name__}: {error}")
            return None
        failure_path(folder).unlink(missing_ok=True)
        return load(folder)


@contextlib.contextmanager
def _build_lock(folder: Path) -> Iterator[None]:
    import fcntl

    with open(folder / "kernel_aot.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _compile(folder: Path) -> None:
    """numba.pycc into a temporary folder, then one rename: a reader never sees half a module."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending deprecation: the fallback covers its end
        from numba.pycc import CC

    from robotable.games.ricochet import _kernel

    name = module_name()
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        compiler = CC(name)
        compiler.output_dir = scratch
        compiler.target_cpu = "host"
        compiler.verbose = False
        for function, signature in SIGNATURES.items():
            compiler.export(function, signature)(getattr(_kernel, function))
        compiler.compile()
        built = Path(scratch) / module_path(folder).name
        os.replace(built, module_path(folder))
