"""The game server: online tables, seats, live play over websockets, bots and persistence.

`create_app()` (in `app`) builds the FastAPI application; `cosmotable serve` and `make run` start it
with Uvicorn. Tables are stored as records (game, config, seed, actions) through SQLAlchemy; every
change is applied by the engine in `service.TableService` and announced through a `Broadcaster`.
See docs/server-api.md for the API.
"""
