"""The shell's catalogs: the same keys in all five languages, the same placeholders, the plural forms each
language needs, and every key the shell's code asks for present in English."""

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "cosmotable" / "web"
LANGUAGES = ["en", "uk", "ru", "nl", "pl"]
# CLDR plural categories for whole numbers (what Intl.PluralRules(lang).select(n) can answer)
PLURALS = {
    "en": {"one", "other"},
    "nl": {"one", "other"},
    "uk": {"one", "few", "many", "other"},
    "ru": {"one", "few", "many", "other"},
    "pl": {"one", "few", "many", "other"},
}


def load(lang):
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def placeholders(value) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_catalog_has_every_english_key_with_the_same_placeholders(lang):
    english, other = load("en"), load(lang)
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []
    for key, value in english.items():
        assert placeholders(other[key]) == placeholders(value), f"{lang}: {key}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_the_forms_of_their_language(lang):
    for key, value in load(lang).items():
        if isinstance(value, dict):
            assert set(value) == PLURALS[lang], f"{lang}: {key} has {sorted(value)}"
            assert all("{count}" in text for text in value.values()), f"{lang}: {key}"


def test_every_key_the_shell_code_uses_is_in_the_english_catalog():
    english = load("en")
    used = set()
    for script in WEB.glob("*.js"):
        used |= set(
            re.findall(r"""\bt(?:Or)?\(\s*"([a-z_]+\.[a-z_.]+)\"""", script.read_text(encoding="utf-8"))
        )
    assert used, "the pattern should find the shell's keys"
    assert sorted(used - set(english)) == []


def test_no_catalog_value_is_left_untranslated_from_english():
    english = load("en")
    # names that are the same in every language
    same_everywhere = {key for key in english if key.startswith("language.")} | {"app.title"}
    for lang in LANGUAGES[1:]:
        other = load(lang)
        copied = [
            key
            for key, value in english.items()
            if key not in same_everywhere
            and other[key] == value
            and re.search(r"[a-z]{4}", re.sub(r"\{\w+\}", "", str(value)))
        ]
        # a few words are spelled alike in Dutch and English (Lobby, Bot, online, Coach, Details,
        # and Rating: the Dutch word of chess and game clubs)
        allowed = {
            "nl": {
                "nav.lobby",
                "lobby.title",
                "create.kind.bot",
                "table.online",
                "coach.toggle",
                "coach.title",
                "error.details",
                "lobby.status.open",
                "nav.ratings",
                "ratings.title",
                "ratings.rating",
                "profile.ratings",
                "profile.rating",
            },
            "pl": {"table.online"},
        }.get(lang, set())
        assert sorted(set(copied) - allowed) == [], lang
