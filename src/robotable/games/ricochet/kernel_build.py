"""The solver kernel compiled ahead of time: a plain extension module, loaded without numba.

Loading numba and its CPU target costs about 0.3 s per process, more than most searches: the
price of every `robotable ricochet solve CODE`. So the first use on a machine compiles the same
kernel source (``_kernel.py``) with numba's ahead-of-time compiler (``numba.pycc``) into an
extension module of the cache folder, and every later process loads that module in
milliseconds. The module's name carries a digest of the kernel's source, of this file (the
exported types), of the Python build and of the CPU (the code is compiled for this CPU, as
numba's JIT does), so a changed kernel or another machine sharing the folder never loads a stale
module; one that fails to load (another NumPy's ABI) is set aside and built again. A build
removes the files of other kernels that have not been loaded for a month.

Where the build cannot run (not 64-bit Linux, no C compiler or Python headers, a numba without
``pycc``: it has been pending deprecation since numba 0.57), the reason is kept beside the
module for a day (then the next use tries again; deleting the ``.failed`` file retries at once)
and the solver uses numba's JIT-compiled kernel instead, as before: slower to start, the same answers.
``ROBOTABLE_CACHE_DIR`` chooses the folder; by default it is the package's ``__pycache__`` when
writable (as numba's own cache), else the user's cache folder (``~/.cache/robotable`` on Linux).
A module is loaded only from a file and folder of this user's own (or root's: a system-wide
install's package folder, where its owner built it) that nobody else may write.

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
import platform
import stat
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from robotable.games.ricochet.kernel_contract import CLOCK_IN_KERNEL

HERE = Path(__file__).resolve().parent
SOURCES = (HERE / "_kernel.py", HERE / "kernel_contract.py", Path(__file__).resolve())
SUPPORTED = CLOCK_IN_KERNEL  # 64-bit Linux, where the kernel reads its clock without Python
RETRY_AFTER = 24 * 3600.0  # seconds a failed build is remembered (a compiler may come meanwhile)
PRUNE_AFTER = 30 * 24 * 3600.0  # seconds unused after which another kernel's files are removed
FRESHEN_AFTER = 24 * 3600.0  # a loaded module's time is brought forward at most daily (one write)

# The functions Python calls, with the argument types of solver.py's calls (a test records those
# calls and checks them against these). Every array is C-contiguous.
SIGNATURES = {
    "wall_stops": "int64[::1](uint8[::1])",
    "lower_bounds": "uint8[::1](int64[::1], int64, uint8[::1])",
    "search": (
        "UniTuple(int64, 4)(int64[::1], uint8[::1], uint64[:, ::1], boolean[::1], int64, int64, boolean,"
        " int64, boolean, int64[::1], int64, int64, float64, uint64[::1], int64, boolean, int64[:, ::1],"
        " int64, int64, int64[:, ::1], uint64[::1], int64[:, ::1], uint64[::1])"
    ),
    "rehash": "none(uint64[::1], int64, uint64[::1], int64)",
    "now": "float64()",  # the kernel's clock, exported for its test
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


_CPU_LINES = ("model name", "flags", "Features", "CPU implementer", "CPU part", "isa", "uarch", "vendor_id")


def _cpu_identity() -> bytes:
    """The machine and its CPU's model and features: the module is compiled for this CPU."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        text = ""
    keep = {line for line in text.splitlines() if line.startswith(_CPU_LINES)}
    return "\n".join([platform.machine(), *sorted(keep)]).encode()


def module_path(folder: Path | None = None) -> Path:
    """The built module's file (it exists only once built)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return (folder or cache_dir()) / (module_name() + suffix)


def failure_path(folder: Path | None = None) -> Path:
    """Written when a build failed, so that later processes do not try again at every start."""
    return (folder or cache_dir()) / (module_name() + ".failed")


def built_path() -> Path | None:
    """Where a module for this kernel and machine was built: the cache folder, else the package's
    own ``__pycache__`` (built there by the package's owner, for instance `sudo robotable warmup`
    after a system-wide install), or None."""
    shipped = HERE / "__pycache__"
    for folder in dict.fromkeys((cache_dir(), shipped)):
        path = module_path(folder)
        if path.exists():
            return path
    return None


def load(folder: Path | None = None) -> ModuleType | None:
    """The built module (in ``folder``, or where :func:`built_path` finds it), or None when it
    has not been built for this kernel and machine. A file that is not this user's or root's,
    or that others may write, or that does not load, is not used; one that does not load is
    moved aside, for a new build to replace."""
    path = module_path(folder) if folder is not None else built_path()
    if not SUPPORTED or path is None or not path.exists() or not _trusted(path):
        return None
    spec = importlib.util.spec_from_file_location(module_name(), path)
    if spec is None or spec.loader is None:
        return None
    try:
        module = importlib.util.module_from_spec(spec)  # loads the shared object
        spec.loader.exec_module(module)
    except (ImportError, OSError):  # another NumPy's ABI, a damaged file
        with contextlib.suppress(OSError):
            os.replace(path, path.with_name(path.name + ".bad"))
        return None
    _freshen(path)
    return module


def _freshen(path: Path) -> None:
    """Mark a module as in use (its modification time, which :func:`_prune` reads: access times
    are not kept on every file system), at most once a day. A file of root's stays as it is."""
    with contextlib.suppress(OSError):
        if time.time() - path.stat().st_mtime > FRESHEN_AFTER:
            os.utime(path)


def _prune(folder: Path) -> None:
    """Remove the files of other kernels (an earlier robotable's, another Python's) that this
    user made and no process has loaded for :data:`PRUNE_AFTER`: each upgrade builds a module
    of its own, and the old ones would otherwise pile up. One still in use elsewhere is at worst
    built again (about 10 s)."""
    keep, now = module_name(), time.time()
    for path in folder.glob("_kernel_aot_*"):
        with contextlib.suppress(OSError):
            info = path.lstat()  # a link is never followed, nor removed
            if (
                not path.name.startswith(keep)
                and stat.S_ISREG(info.st_mode)
                and info.st_uid == os.getuid()
                and now - info.st_mtime > PRUNE_AFTER
            ):
                path.unlink()


def _trusted(path: Path) -> bool:
    """The file and its folder belong to this user (or to root, as the installed package's own
    files do), and nobody else may write them: loading a module runs its code, so one planted
    in a shared folder must not be."""
    for item in (path, path.parent):
        info = item.stat()
        if info.st_uid not in (os.getuid(), 0) or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return False
    return True


def build_failed(folder: Path | None = None) -> str | None:
    """Why the last build for this kernel and machine failed, if it failed less than
    RETRY_AFTER ago (after that, the next use tries again)."""
    path = failure_path(folder)
    try:
        if time.time() - path.stat().st_mtime > RETRY_AFTER:
            return None
        return path.read_text() or "the build was interrupted"
    except OSError:
        return None


def build(folder: Path | None = None, *, retry: bool = False) -> ModuleType | None:
    """Compile the module into ``folder`` (default :func:`cache_dir`) unless it is there, and load
    it. None when it cannot be built here: the reason is kept (see :func:`build_failed`) and,
    unless ``retry``, later calls do not try again for a while. Never raises: any failure means
    the JIT kernel."""
    if not SUPPORTED:
        return None
    folder = folder or cache_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        with _build_lock(folder):
            module = load(folder)
            if module is not None or (not retry and build_failed(folder)):
                return module
            try:
                _compile(folder)
            except Exception as error:  # any failure of the toolchain means: use the JIT kernel
                _write_atomically(failure_path(folder), f"{type(error).__name__}: {error}")
                return None
            failure_path(folder).unlink(missing_ok=True)
            _prune(folder)
            return load(folder)
    except OSError:  # the folder cannot be made or written: nothing to remember the failure in
        return None


@contextlib.contextmanager
def _build_lock(folder: Path) -> Iterator[None]:
    """One build at a time across processes (a server's workers, a test run's): the others wait,
    then load what it built. The lock file stays; it is never followed if a link."""
    import fcntl

    handle = os.open(folder / "kernel_aot.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def _write_atomically(path: Path, text: str) -> None:
    scratch = path.with_name(path.name + ".tmp")
    scratch.write_text(text)
    os.replace(scratch, path)


def _compile(folder: Path) -> None:
    """numba.pycc in a temporary folder (its own scratch files too), then the module synced to
    disk and renamed into place: a reader never sees half a module, even after a crash."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending deprecation: the fallback covers its end
        from numba.pycc import CC

    from robotable.games.ricochet import _kernel

    with tempfile.TemporaryDirectory(dir=folder) as scratch, _temporary_files_in(scratch):
        compiler = CC(module_name())
        compiler.output_dir = scratch
        compiler.target_cpu = "host"
        compiler.verbose = False
        for function, signature in SIGNATURES.items():
            compiler.export(function, signature)(getattr(_kernel, function).py_func)  # what pycc takes
        compiler.compile()
        built = Path(scratch) / module_path(folder).name
        with open(built, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(built, module_path(folder))
        directory = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


@contextlib.contextmanager
def _temporary_files_in(scratch: str) -> Iterator[None]:
    """pycc makes its own build folder under the system's temporary folder and removes it only
    when the build succeeds: made inside ``scratch``, it goes with it either way."""
    saved = tempfile.tempdir
    tempfile.tempdir = scratch
    try:
        yield
    finally:
        tempfile.tempdir = saved
