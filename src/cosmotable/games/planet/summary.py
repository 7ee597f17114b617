"""Planet's rules summary in Markdown: `cosmotable rules planet` and the server's rules page."""

from __future__ import annotations

from cosmotable.games.planet.glyphs import tile_glyph


def tiles_markdown() -> str:
    from cosmotable.games.planet.board import default_box, default_cards, tile_texts

    texts = tile_texts()
    rows = []  # a list, not a table: it reads at 80 columns and in the browser's rules page alike
    for kid, kind in default_box().kinds.items():
        glyph = tile_glyph(kid, kind.dirs)
        rows.append(f"- {glyph} **{kind.name}**: {texts.get(kid, '')}".replace("-  **", "- **"))
    cards = "\n".join(
        f"- **{c.name}** (`{cid}`, {'once' if c.once else 'reusable'}): {c.text}"
        for cid, c in default_cards().items()
    )
    return "## Every tile\n" + "\n".join(rows) + "\n\n## The six ability cards\n" + cards + "\n"


def rules_markdown() -> str:
    from cosmotable.games.planet.board import default_box, default_layout

    return f"""# Planet — rules summary

Explore a distant planet and its orbital station: reveal face-down tiles by stepping on them, carry
coins back to your ship, knock rival astronauts home. 2-4 players (or 2 vs 2 with `--variant teams`).

## Set-up
Each colour of planet tiles (yellow edge, green ring, grey centre) is shuffled and 2 of each are
removed; the Fuel tile goes back among the grey ones; the station loses 2 random tiles. Tiles stay
face down until someone steps on them; a revealed tile's direction is random.

## Your turn: one action
- **Move an astronaut** one cell in any of 8 directions; a face-down tile is revealed and acts at once.
- **Sail your ship** up to 3 cells around the planet (hopping other ships, never stopping on a corner;
  one of your astronauts must be aboard).
- **Fly** between the planet and the station with fuel.
- **An ability card** (from artifacts): one per turn, before your action, at a choice inside it (for
  the moving astronaut), or right after it (you are then asked: an ability, or `end turn`).

## Tiles
Arrows push you on; a tree makes you skip a turn; containers hold coins (locked ones need two of your
astronauts); knights jump; energy repeats your move; an obelisk shows you 4 face-down tiles (only to
you); an artifact gives an ability card; a meteorite swaps two tiles; the trampoline, crocodile, canyon,
tractor beam, dragonfly, pyramid, circular flower, fuel and star portal each have their own effect:
every tile is listed below; in play, `look NAME` (e.g. `look crocodile`) explains any tile or card.
Loops send you back to your ship.

## Coins and fights
Carry one coin at a time; deliver it to your ship (it is yours for good); coins carried into space are
lost. Stepping onto rival astronauts sends all of them home, dropping their coins.

## End
When every tile is revealed and no coin is left on the planet or station, or - once every tile is
face up - when all players agree that no one can get the last coin: most coins wins; ties go to the
most artifacts, then a shared win.

## Reconstructed data
The rulebook shows tile counts, coin values, shapes, ship places and ability texts only in pictures.
Ours are reconstructed: tiles — {default_box().source}; layout — {default_layout().source}.
Supply a real layout with `--layout FILE` (check it with `cosmotable planet check-layout FILE`).
Every decision the rulebook leaves open is in the game's RULINGS.md
(`src/cosmotable/games/planet/RULINGS.md` in the source).

""" + tiles_markdown()


def summary_markdown() -> str:
    """The whole summary (`cosmotable.ui.rules`)."""
    return rules_markdown()
