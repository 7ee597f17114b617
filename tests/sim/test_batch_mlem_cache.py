"""The batch engine's numba cache stamps (sim/batch_mlem/__init__.py): an edit drops the cached code
of the edited module and of the modules after it (which may inline it), and nothing else."""

from __future__ import annotations

from pathlib import Path

from cosmotable.sim.batch_mlem import COMPILED, _drop_stale_cache, _stamps


def _package(tmp_path: Path) -> Path:
    for name in COMPILED:
        (tmp_path / f"{name}.py").write_text(f"# {name}\n")
    return tmp_path


def _cache_files(folder: Path) -> None:
    cache = folder / "__pycache__"
    cache.mkdir(exist_ok=True)
    for name in COMPILED:
        (cache / f"{name}.f-1.py311.nbi").write_text("index")
        (cache / f"{name}.f-1.py311.1.nbc").write_text("code")


def _cached(folder: Path) -> set[str]:
    return {p.name.split(".")[0] for p in (folder / "__pycache__").glob("*.nb?")}


def test_an_edit_drops_the_edited_module_and_those_after_it(tmp_path):
    folder = _package(tmp_path)
    _cache_files(folder)
    _drop_stale_cache(folder)  # no stamp: nothing is known of the cache, all of it goes
    assert _cached(folder) == set()
    _cache_files(folder)
    _drop_stale_cache(folder)  # stamped and unchanged: all kept
    assert _cached(folder) == set(COMPILED)
    (folder / "vector.py").write_text("# vector, edited\n")
    _drop_stale_cache(folder)
    assert _cached(folder) == set(COMPILED) - {"vector"}
    _cache_files(folder)
    (folder / "landing.py").write_text("# landing, edited\n")
    _drop_stale_cache(folder)
    assert _cached(folder) == set(COMPILED[: COMPILED.index("landing")])


def test_the_one_line_stamp_of_before_keeps_a_cache_that_still_holds(tmp_path):
    folder = _package(tmp_path)
    _cache_files(folder)
    stamp = folder / "__pycache__" / "batch-engine-sources.sha256"
    stamp.write_text(_stamps(folder)[COMPILED[-1]], encoding="ascii")
    _drop_stale_cache(folder)
    assert _cached(folder) == set(COMPILED)
    assert len(stamp.read_text(encoding="ascii").splitlines()) == len(COMPILED)
    stamp.write_text("0" * 64, encoding="ascii")  # a one-line stamp of other sources
    _drop_stale_cache(folder)
    assert _cached(folder) == set()
