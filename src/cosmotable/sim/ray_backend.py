"""Ray backend for `cosmotable simulate --ray` / `--ray-address ADDR`.

The same tasks as the local processes (a few games each, see `runner.tasks`) become Ray tasks; each
returns its rows, and the runner writes chunks exactly as with local processes. A game's row is a
pure function of the plan and its index, so the rows are identical whatever the backend.

On a cluster, every node needs cosmotable installed (the same version as the driver): the tasks
import it to play the games.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cosmotable.sim.runner import Plan, SimulationError, Task, play_task

#: In-flight tasks per CPU: enough to keep every worker busy, few enough that finished rows do
#: not pile up in the object store.
IN_FLIGHT_PER_CPU = 4


def _ray():
    try:
        import ray
    except ImportError:
        raise SimulationError(
            "--ray needs Ray: pip install 'cosmotable[sim]' (or pip install 'ray>=2.9,<3')"
        ) from None
    return ray


def _play(plan: Plan, task: Task) -> tuple[int, list[dict[str, Any]]]:
    chunk, indices = task
    return chunk, play_task(plan, indices)


def results(
    plan: Plan, work: list[Task], address: str | None = None, num_cpus: int | None = None
) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """(chunk, rows) per task as Ray finishes them. Starts a local Ray (`address` None, with
    `num_cpus` CPUs) or joins the cluster at `address`, unless Ray is already initialised; shuts
    down only what it started."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(
                # "local": always a new Ray of our own. With no address, ray.init joins a cluster
                # that `ray start` began on this machine (its address file in /tmp/ray) - someone
                # else's, which refuses num_cpus.
                address=address if address is not None else "local",
                num_cpus=num_cpus if address is None else None,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        except (ConnectionError, ValueError, RuntimeError) as exc:
            where = f"the Ray cluster at {address!r}" if address else "a local Ray"
            raise SimulationError(f"could not start {where}: {exc}") from None
    try:
        remote = ray.remote(num_cpus=1)(_play)
        plan_ref = ray.put(plan)
        limit = max(1, int(ray.cluster_resources().get("CPU", 1))) * IN_FLIGHT_PER_CPU
        queue = list(reversed(work))
        running: list[Any] = []
        while queue or running:
            while queue and len(running) < limit:
                running.append(remote.remote(plan_ref, queue.pop()))
            ready, running = ray.wait(running, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
