"""The running `Server` of the app a request came to, for the routes (a FastAPI dependency).

The API's routes are built once per process (`routes.api_router`) and shared by every app made in
it: building FastAPI's route objects (a pydantic field for each parameter and answer) took about a
fifth of a second of CPU for each `create_app`, which the tests call about once a test. So a route
reads its server from the app the request came to (`app.state.server`, set by `create_app`), never
from a closure over one app's server.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from cosmotable.server.runtime import Server


async def running_server(connection: HTTPConnection) -> Server:
    # async: FastAPI would run a plain function in a worker thread, for a dict lookup
    return connection.app.state.server


#: A route's parameter of this type is the server of the app that received the request.
ServerDep = Annotated[Server, Depends(running_server)]
