"""Property-based requests generated from the server's own OpenAPI schema (`/openapi.json`): whatever
a client sends, the answer is never a server error (docs/server-api.md, "Errors": 4xx, never a 500).

Two passes over every operation: one with the generated path parameters as they come (mostly unknown
tables), and one aimed at a real running table with valid seat and host tokens, so that generated
bodies reach the code behind the identity checks. The number of examples per operation is bounded
(`EXAMPLES`) to keep the run short; Hypothesis picks new ones on every run outside CI.
"""

from __future__ import annotations

import tempfile

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings

EXAMPLES = 15


def _openapi() -> dict:
    """The schema the app serves at /openapi.json (it depends on no database: any app has it).
    Loaded at collection, since the cases are generated from it before any fixture runs."""
    with tempfile.TemporaryDirectory(prefix="cosmotable-openapi-") as directory:
        return create_app(Settings(data_dir=directory, bot_workers=0)).openapi()


schema = schemathesis.openapi.from_dict(_openapi())


@pytest.fixture
def running_table(client) -> dict:
    created = client.post(
        "/api/tables", json={"game": "mlem", "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    assert created.status_code == 201, created.text
    made = created.json()
    started = client.post(
        f"/api/tables/{made['table']['id']}/start", headers={"X-Host-Token": made["host_token"]}
    )
    assert started.status_code == 200, started.text
    return made


SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)


@schema.parametrize()
@SETTINGS
def test_no_generated_request_gets_a_server_error(case, app, client):
    # `client` keeps the app started (database migrated) while the cases are sent to it
    case.call_and_validate(app=app, checks=[not_a_server_error])


@schema.parametrize()
@SETTINGS
def test_no_generated_request_to_a_running_table_gets_a_server_error(case, app, running_table):
    if "table_id" in (case.path_parameters or {}):
        case.path_parameters["table_id"] = running_table["table"]["id"]
    headers = dict(case.headers or {})
    seat_token = next(link["token"] for link in running_table["seats"] if link["seat"] == 0)
    headers.setdefault("X-Seat-Token", seat_token)
    headers.setdefault("X-Host-Token", running_table["host_token"])
    case.headers = headers
    case.call_and_validate(app=app, checks=[not_a_server_error])
