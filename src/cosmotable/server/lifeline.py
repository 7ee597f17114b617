"""Every process the server starts ends with the process that started it, however that one ends.

A normal stop shuts the bot pools down, but a SIGKILL (the kernel's OOM killer, `kill -9`, a
container runtime's timeout) gives a process no chance to do anything: its children would be left
under PID 1, each holding a bot's interpreter (70-80 MiB). So each child asks the kernel, as it
starts, to be killed when its parent goes (Linux's `PR_SET_PDEATHSIG`): the bot and coach workers of
a server process, and the Uvicorn workers of `cosmotable serve --workers N`. Elsewhere (no prctl)
this is a no-op and the normal stop is all there is.
"""

from __future__ import annotations

import os
import signal
import sys

#: the environment variable by which `serve --workers N` tells its Uvicorn workers their parent
PARENT_VARIABLE = "COSMOTABLE_SUPERVISOR_PID"
#: prctl(2)'s option number for the parent-death signal
_PR_SET_PDEATHSIG = 1


def end_with_parent(parent: int) -> bool:
    """Have the kernel kill this process when its parent (pid `parent`) ends; exit at once if it has
    ended already (between our start and this call). True when the kernel took the request."""
    armed = False
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
    if os.getppid() != parent:  # the parent died before the request: nobody would reap us
        os._exit(0)
    return armed


def end_with_supervisor() -> None:
    """In a Uvicorn worker of `serve --workers N`: end with the supervisor that started it."""
    parent = os.environ.get(PARENT_VARIABLE)
    if parent and parent.isdigit():
        end_with_parent(int(parent))
