"""The machine a benchmark ran on, printed beside its figures (issue #47).

A figure alone cannot be compared: the same engine ran 2.5x slower on one machine than the docs
reported from another. Every benchmark calls `report()` first; it prints

    machine: <CPU model> (family f model m, <MHz>), <cores> cores, <GiB> GiB; numba/LLVM target <cpu>; flags <...>
    software: Python x, numpy x, numba x (llvmlite x), open_spiel x, ...; commit <hash>[+changes]
    load average at start: 1-, 5-, 15-minute

and, when the benchmark ends (atexit), `load average at the end: ...`. The flags are the CPU
features compiled code can use (numba compiles for the host CPU: a cache made on a machine with
other features is not reused). Any NUMBA_* variable set is printed too: they change the compiled code.
"""

from __future__ import annotations

import atexit
import os
import platform
import subprocess
from importlib import metadata
from pathlib import Path

#: CPU flags that decide what compiled code (numba via LLVM, numpy's kernels, OpenSpiel's C++) can use
FLAGS = (
    "sse4_2",
    "popcnt",
    "avx",
    "avx2",
    "fma",
    "bmi1",
    "bmi2",
    "avx512f",
    "avx512dq",
    "avx512bw",
    "avx512vl",
    "avx512_vnni",
    "avx512_fp16",
    "amx_tile",
)
#: libraries whose versions move the figures, in print order (absent ones are left out)
LIBRARIES = ("numpy", "numba", "llvmlite", "open_spiel", "gymnasium", "pettingzoo", "torch")


def _cpuinfo() -> dict[str, str]:
    """The first processor's fields of /proc/cpuinfo ({} where there is none)."""
    fields: dict[str, str] = {}
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return fields
    for line in text.split("\n\n")[0].splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip()
    return fields


def _memory_gib() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 2**20
    except (OSError, ValueError, IndexError):
        pass
    return None


def _llvm_target() -> str:
    """The CPU numba compiles for (LLVM's name for the host), or why it is unknown."""
    try:
        import llvmlite.binding as llvm
    except ImportError:
        return "n/a (numba not installed)"
    return str(llvm.get_host_cpu_name())


def _version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _commit() -> str:
    """The checkout's commit, '+changes' when its tracked files differ from it."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def machine_line() -> str:
    info = _cpuinfo()
    model = info.get("model name") or platform.processor() or platform.machine()
    where = []
    if "cpu family" in info and "model" in info:
        where.append(f"family {info['cpu family']} model {info['model']}")
    if "cpu MHz" in info:
        where.append(f"{float(info['cpu MHz']):.0f} MHz")
    flags = set(info.get("flags", "").split())
    present = [flag for flag in FLAGS if flag in flags]
    memory = _memory_gib()
    return (
        f"machine: {model}"
        + (f" ({', '.join(where)})" if where else "")
        + f", {os.cpu_count()} cores"
        + (f", {memory:.1f} GiB" if memory else "")
        + f"; numba/LLVM target {_llvm_target()}; flags {' '.join(present) or 'none of ' + ' '.join(FLAGS)}"
    )


def software_line() -> str:
    versions = [f"Python {platform.python_version()}"]
    versions += [f"{name} {version}" for name in LIBRARIES if (version := _version(name))]
    numba_env = sorted(f"{key}={value}" for key, value in os.environ.items() if key.startswith("NUMBA_"))
    return f"software: {', '.join(versions)}; commit {_commit()}" + (
        f"; {' '.join(numba_env)}" if numba_env else ""
    )


def report() -> None:
    """Print the machine, the software and the load average now, and the load average again when the
    benchmark ends."""
    print(machine_line())
    print(software_line())
    print(f"load average at start: {load_average()} (1, 5, 15 min; {os.cpu_count()} cores)", flush=True)
    atexit.register(lambda: print(f"load average at the end: {load_average()}", flush=True))


if __name__ == "__main__":
    report()


def add_run_arguments(parser) -> None:
    """The options the MLEM env benchmarks share: players, variants, interleaved rounds, the clock."""
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variants", default="", help="comma-separated MLEM variants")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="per runner per round")
    parser.add_argument(
        "--cpu-time", action="store_true", help="time with this process's CPU time instead of wall time"
    )
