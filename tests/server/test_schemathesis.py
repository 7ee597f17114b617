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


# ---------------------------------------------------------------------------------------------------
# Stateful: sequences of calls that follow the schema's OpenAPI links (a created table's id, host token
# and first seat's token feed the next calls: start it, act, undo, leave, read the record ...), so the
# generated requests reach running tables, not only unknown ones. Besides "never a 5xx", a request
# the server refuses (4xx) must leave its table exactly as it was.

STATEFUL_EXAMPLES = 10
STATEFUL_STEPS = 8
#: a run reaches a refusal on a real table most of the time, not always: 4 runs all missed once (CI on
#: a loaded machine, 27 Nov); the loop stops at the first run that does, so more runs cost only then
STATEFUL_RUNS = 12


def _table_mark(app, table_id: str) -> tuple | None:
    """What a change to a table would alter: its row's version and step, and its stored actions."""
    from sqlalchemy import func, select

    from cosmotable.server.db import ActionRow, TableRow

    with app.state.server.service.sessions() as session:
        row = session.get(TableRow, table_id)
        if row is None:
            return None
        count = session.scalar(
            select(func.count()).select_from(ActionRow).where(ActionRow.table_id == table_id)
        )
        return (row.version, row.step, count)


def test_stateful_sequences_never_get_a_server_error_nor_change_a_table_on_a_refusal(app, client):

    live = schemathesis.openapi.from_asgi("/openapi.json", app)
    base = live.as_state_machine()
    refusals: list[str] = []

    class Workflow(base):
        def before_call(self, case):
            table_id = (case.path_parameters or {}).get("table_id")
            self._mark = (table_id, _table_mark(app, table_id) if isinstance(table_id, str) else None)

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:300]}"
            table_id, before = self._mark
            if 400 <= response.status_code < 500 and before is not None:
                after = _table_mark(app, table_id)
                assert after == before, (
                    f"{case.method} {case.formatted_path} was refused ({response.status_code}) "
                    f"but changed the table: {before} -> {after}"
                )
                refusals.append(case.formatted_path)

    # a run is a handful of random sequences: now and then none of them follows a link to a refusal
    # on a real table (nothing checked); then another run, a few at most
    for _run in range(STATEFUL_RUNS):
        Workflow.run(
            settings=settings(
                max_examples=STATEFUL_EXAMPLES,
                stateful_step_count=STATEFUL_STEPS,
                deadline=None,
                suppress_health_check=list(HealthCheck),
                # every run draws afresh, also under the derandomized `ci` profile: there each run
                # drew the same sequences, so the runs after the first added nothing, and the
                # account routes (issue #46) took the one derandomized run's draws off the links
                derandomize=False,
            )
        )
        if refusals:
            break
    assert refusals, "no refused request on a real table: the links were not followed"
