"""The ledger's words: the farmer's ⌂ beside a long name cut short, and the keys' hint."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pygame
import pytest
from helpers import DT, record_text

from game.rules.events import FARM, ChipsMoved, DealStarted, Reason
from game.rules.ruleset import rules_named
from scenes import i18n
from scenes.app.loop import App
from scenes.navigator import start_game
from scenes.store.settings import Settings
from scenes.table.ledger import FARMER_SIGN, LedgerHandler
from scenes.table.ledger_book import Ledger
from scenes.table.setup import Setup
from scenes.ui.text import Text
from tools.driver import keys_for, table_of

LONG = ["Bartholomew-Maximilian", "Wilhelmina-Josephine", "Konstantinopolitaner", "Maximiliane-Theresa"]
WAIT = {"en": "Any other key: wait", "fr": "Autre touche\u00a0: attendre", "de": "Andere Taste: warten"}


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_long_farmer_name_is_cut_short_but_keeps_the_farm_sign_and_the_hint_says_other_key(
    lang: str,
) -> None:
    """"Bartholomew-Ma…" lost its ⌂: the name is cut, the sign stays. The countdown's hint says that
    a key other than Enter waits ("Une touche : attendre" read as if Enter waited too)."""
    i18n.set_language(lang)
    try:
        app = App(Settings(animation_speed="instant", language=lang), (1024, 600))
        start_game(app, Setup(list(LONG), ["normal"] * 4, "foster", False, 2, 5, 0))
        app.step(DT, [])
        scene = table_of(app)
        drawn = record_text(app.text)
        ledgers = hinted = 0
        for _step in range(40000):
            ledger = scene.stage.value == "ledger" and app.stack.top is scene
            if ledger and scene.table.farmer is not None:
                handler = scene.handler
                assert isinstance(handler, LedgerHandler)
                drawn.clear()
                app.draw()
                farmer = LONG[scene.table.farmer]
                rows = [b.words for b in drawn if b.words.startswith(farmer[:8])]
                assert rows and all(w.endswith(FARMER_SIGN) for w in rows), rows
                assert any("…" in w for w in rows), rows  # the name was indeed cut
                if handler.countdown is not None:
                    hints = handler.keys()
                    assert WAIT[lang] in hints, hints
                    hinted += 1
                ledgers += 1
                if ledgers >= 2:
                    break
                app.step(DT, [])
            app.step(DT, [] if ledger and not hinted else keys_for(app))
        assert ledgers >= 2 and hinted
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("watching", "words"),
                         [(False, "−1 before you came back"), (True, "−1 before you came")])
def test_paid_before_taking_a_deal_up_says_if_the_screen_came_back(watching: bool, words: str) -> None:
    """A seat's window back mid-deal (restarted, reconnected) was at the table when its ante was paid:
    "before you came back"; a spectator arriving mid-deal: "before you came"."""
    ledger = Ledger([100, 100, 100], farm=0, deal=1)
    ledger.chips = [99, 99, 99]
    ledger.joined = 1
    facts = SimpleNamespace(rules=rules_named("foster"), watching=watching)
    source = SimpleNamespace(facts=facts, ledger=ledger)
    handler = LedgerHandler(cast(Any, SimpleNamespace(source=source)))
    assert handler.reason_parts(0) == [words]


def test_a_deal_taken_up_again_keeps_what_was_seen_and_sums_what_was_paid_while_away() -> None:
    """A window saw its deal's antes, lost the table while the farm was bought for 5, and came back
    to see a player pay 3 for going over 16: the antes and the payment after its return are named,
    what was paid meanwhile is one part between them, and each Why adds up to the chips."""
    seen = Ledger([100, 100, 100], farm=0, deal=0)
    seen.take([DealStarted(1, True, None)])
    seen.take([ChipsMoved(s, FARM, 1, Reason.ANTE) for s in (1, 2)])
    back = Ledger([100, 100, 100], farm=7, deal=1)  # the resync: chips as the server has them
    back.chips = [100, 94, 99]
    back.joined = 1
    back.keep_seen(seen)
    back.take([ChipsMoved(2, 0, 3, Reason.OVER)])
    facts = SimpleNamespace(rules=rules_named("foster"), watching=False)
    handler = LedgerHandler(cast(Any, SimpleNamespace(source=SimpleNamespace(facts=facts, ledger=back))))
    assert handler.reason_parts(1) == ["−1 ante", "−5 while you were away"]
    assert handler.reason_parts(2) == ["−1 ante", "−3 over 16"]
    assert handler.reason_parts(0) == ["+3 over 16"]
    # A deal begun from other chips (dealt again after the host restarted) keeps nothing seen.
    other = Ledger([100, 100, 101], farm=0, deal=1)
    other.chips = [100, 94, 100]
    other.joined = 1
    other.keep_seen(seen)
    assert other.transfers == [] and other.away_at is None


def test_rows_whose_why_takes_several_lines_keep_a_gap_between_them_when_there_is_room() -> None:
    """Two rows in a row with a Why of two lines each: each row is taller than its lines, so that the
    last line of one does not sit against the first of the next (which row says what stays plain)."""
    pygame.font.init()
    ledger = Ledger([100, 100, 100], farm=0, deal=1)
    for amount in (3, 4, 2):
        ledger.take([ChipsMoved(1, 0, amount, Reason.OVER), ChipsMoved(2, 0, amount + 4, Reason.OVER)])
    facts = SimpleNamespace(rules=rules_named("foster"), watching=False)
    source = SimpleNamespace(facts=facts, ledger=ledger)
    host = SimpleNamespace(source=source, app=SimpleNamespace(text=Text()))
    handler = LedgerHandler(cast(Any, host))
    heights, whys, small = handler._row_heights([0, 1, 2], pygame.Rect(0, 0, 560, 400), 34, 18, 15, 0.63)
    step = Text().font(small).get_linesize()
    tall = [seat for seat in (0, 1, 2) if len(whys[seat]) > 1]
    assert tall, whys
    assert all(heights[seat] >= len(whys[seat]) * step + step // 3 for seat in tall), (heights, whys, step)


def test_rows_keep_what_gap_the_room_allows_when_half_a_line_is_too_much() -> None:
    """A panel just too short for half a line between the rows of several Why lines: they keep the
    few pixels it has, rather than none."""
    pygame.font.init()
    ledger = Ledger([100, 100, 100], farm=0, deal=1)
    for amount in (3, 4, 2):
        ledger.take([ChipsMoved(1, 0, amount, Reason.OVER), ChipsMoved(2, 0, amount + 4, Reason.OVER)])
    facts = SimpleNamespace(rules=rules_named("foster"), watching=False)
    source = SimpleNamespace(facts=facts, ledger=ledger)
    host = SimpleNamespace(source=source, app=SimpleNamespace(text=Text()))
    handler = LedgerHandler(cast(Any, host))
    line_h, fs, small = 34, 18, 15
    rows = [0, 1, 2]
    _heights, whys, _small = handler._row_heights(rows, pygame.Rect(0, 0, 560, 400), line_h, fs, small, 0.63)
    step = Text().font(small).get_linesize()
    tall = [seat for seat in (0, 1, 2) if len(whys[seat]) > 1]
    assert tall and step // 2 > 2, (whys, step)
    least = max(Text().font(fs).get_linesize(), round(line_h * 0.6))
    # Room for the lines, the one-line rows and a gap of 2 px a tall row, not of half a line.
    h = 2 * line_h + sum(len(whys[s]) * step + 2 for s in tall) + (3 - len(tall)) * least
    heights, whys2, small2 = handler._row_heights(rows, pygame.Rect(0, 0, 560, h), line_h, fs, small, 0.63)
    assert small2 == small and whys2 == whys
    assert all(heights[seat] >= len(whys[seat]) * step + 2 for seat in tall), (heights, whys, step)
