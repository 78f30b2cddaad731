"""The page says what the window says: the same events, in English, French and German, given to the
window's narrator (scenes/table/narrator.py, the ledger's words, scenes/i18n, and the network
seat's notices in scenes/net/remote.py) and to the page's words (assets/web/words.js and told.js,
run by Node with the catalogue the server hands the page as ``/i18n/<lang>.json``), sentence for
sentence.

The events are those of whole games under every rule set (each seat's share of them, as the
protocol sends it, and a spectator's), and made ones for what games rarely show: each way a tie
is settled, a farm nobody bid for, each way a farmer is chosen, each end of a game. A sentence
changed on either side alone fails here.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.net.codec import encode_action, encode_event
from game.net.codes import ErrorCode
from game.net.protocol import Error, LastDeal
from game.net.web import catalogue_body
from game.rules.actions import Action, Kind
from game.rules.agents import ThresholdAgent
from game.rules.cards import Suit
from game.rules.engine import Game, Phase
from game.rules.events import (
    DealEnded,
    EndReason,
    Event,
    FarmerChosen,
    FarmerReason,
    FarmSold,
    FarmWon,
    GameEnded,
    NearestFound,
    Reason,
)
from game.rules.observe import observe
from game.rules.ranking import Tie, TieBreak
from game.rules.ruleset import RuleSet
from scenes import i18n
from scenes.net import remote
from scenes.table import narrator
from scenes.table.narrator import Eyes

ROOT = Path(__file__).resolve().parents[2]
WORDS_OF = ROOT / "tests" / "node" / "words_of.mjs"
LANGS = ("en", "fr", "de")
RULE_KEYS = ("foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating")
NAMES = ("Ada", "Bastien", "Chloé", "Dmitri", "Élodie", "Frédéric")


def rules_of(key: str) -> RuleSet:
    """The rule set of a key: ``lacombe+rotating``."""
    return RuleSet.from_key(key)


@dataclass(frozen=True, slots=True)
class Case:
    """One sentence asked of both sides: a function of words.js and its arguments (as JSON), and
    the window's sentence for them in a language."""

    fn: str
    args: tuple[Any, ...]
    window: Callable[[str], str | None]


def eyes_json(eyes: Eyes) -> dict[str, Any]:
    """The page's eyes (words.js' Eyes) for the window's."""
    return {"seat": eyes.seat, "names": list(eyes.names), "rules": eyes.rules.key}


def game_events(key: str, seats: int, seed: int, deals: int) -> list[Event]:
    """Every event of a whole game of ``deals`` deals, played by simple players."""
    game = Game(NAMES[:seats], rules_of(key), seed=seed, max_deals=deals)
    events: list[Event] = []
    agents = [ThresholdAgent(13 + s % 3) for s in range(seats)]
    while game.phase is Phase.BETWEEN and game.result is None:  # game.runner's loop, every event kept
        events.extend(game.next_deal())
        while game.to_act is not None:
            seat = game.to_act
            events.extend(game.apply(agents[seat].choose(game.view_for(seat))))
    return events


def table_facts(event: Event, seats: int) -> list[dict[str, Any]]:
    """The table's facts a headline may need after ``event`` (the farm, its farmer, whether the game
    is over): several for the events whose words depend on them, else none to speak of."""
    if isinstance(event, DealEnded):
        return [{"farm": 7, "farmer": 1, "over": False}, {"farm": 1, "farmer": 0, "over": True}]
    if isinstance(event, GameEnded):
        return [{"farm": f, "farmer": who, "over": True}
                for f, who in ((0, None), (1, 0), (1, seats - 1), (12, 0), (12, 2))]
    return [{"farm": 0, "farmer": None, "over": False}]


def event_cases(events: list[Event], key: str, seats: int, seen: set[str]) -> Iterator[Case]:
    """The headline and the word over a seat of each event, to each seat that saw it and a spectator."""
    rules = rules_of(key)
    for viewer in (None, *range(seats)):
        eyes = Eyes(NAMES[:seats], rules, viewer)
        for event in observe(events, viewer):
            wire = encode_event(event)
            for facts in table_facts(event, seats):
                ident = json.dumps([wire, key, seats, viewer, facts], sort_keys=True)
                if ident in seen:
                    continue
                seen.add(ident)
                said = functools.partial(narrator.headline, event, eyes, farm=facts["farm"],
                                         farmer=facts["farmer"], over=facts["over"])
                yield Case("headline", (wire, eyes_json(eyes), facts), said)
            ident = json.dumps(["bubble", wire, key, seats, viewer], sort_keys=True)
            if ident not in seen:
                seen.add(ident)
                yield Case("bubble", (wire, eyes_json(eyes)), functools.partial(narrator.bubble, event, eyes))
            if isinstance(event, GameEnded):
                yield title_case(event, eyes)


def title_case(result: GameEnded, eyes: Eyes) -> Case:
    """The final standings' title."""
    wire = {"standings": list(result.standings), "winners": list(result.winners),
            "reason": result.reason.value}
    said = functools.partial(narrator.game_over_title, result, eyes)
    return Case("gameOverTitle", (wire, eyes_json(eyes)), said)


def made_events(seats: int) -> list[Event]:
    """What whole games rarely show: every tie settled every way, the farm's sales and farmers, the ends."""
    made: list[Event] = []
    for by in TieBreak:
        suit = Suit.DIAMONDS if by in (TieBreak.BEST_NINE, TieBreak.HIGHEST_CARD) else None
        for rivals in ((1,), (1, 3)):
            tie = Tie(rivals, rivals[0], by, suit)
            for winner in (0, 2):
                made.append(FarmWon(winner, 9, 16, tie))
                made.append(FarmWon(winner, 9, 15, tie))
                made.append(NearestFound(winner, 15, tie))
    for seat in (0, 2):
        made += [FarmSold(seat, 0, True), FarmSold(seat, 1, False), FarmSold(seat, 5, False)]
        made += [FarmerChosen(seat, reason) for reason in FarmerReason]
        made += [FarmWon(seat, 4, 16, None), FarmWon(seat, 4, 14, None), NearestFound(seat, 13, None)]
    made += [NearestFound(None, 0, None), DealEnded(4, None, None), DealEnded(4, 2, None)]
    for reason in EndReason:
        for standings, winners in (((50, 30, 50, 20), (0, 2)), ((10, 80, 30, 20), (1,)),
                                   ((60, 20, 10, 30), (0,)), ((40, 40, 40, 40), (0, 1, 2, 3))):
            made.append(GameEnded(standings[:seats], tuple(w for w in winners if w < seats), reason))
    return made


def rule_cases() -> Iterator[Case]:
    """The words of each rule set: the farmer's role said to the farmer, the stand, draw and pot words,
    the rule set's name, and each reason of the ledger's Why."""
    for key in RULE_KEYS:
        rules = rules_of(key)
        farmer = Eyes(NAMES[:4], rules, 1)
        yield Case("farmerRole", (key,), functools.partial(narrator.farmer_role, 1, farmer))
        words = (("standWord", i18n.stand_word), ("potName", i18n.pot_name), ("thePot", i18n.the_pot))
        for fn, word in words:
            yield Case(fn, (key,), functools.partial(rule_word, word, rules))
        yield Case("rulesLabel", (key,), said_in(i18n.rules_label, key))
        for reason in Reason:
            said_why = functools.partial(narrator.reason_word, reason, rules)
            yield Case("reasonWord", (reason.value, key), said_why)
    yield Case("drawWord", (), draw_word)


def rule_word(word: Callable[[RuleSet, i18n.Voice], str], rules: RuleSet, lang: str) -> str:
    """A word of scenes.i18n that takes a rule set and a voice, in ``lang``."""
    return word(rules, i18n.voice(lang))


def draw_word(lang: str) -> str:
    """The draw button's word in ``lang``."""
    return i18n.draw_word(i18n.voice(lang))


def in_language(said: Callable[[], str], lang: str) -> str:
    """What ``said()`` says in ``lang`` (the window's language set to it, and back after)."""
    before = i18n.language()
    i18n.set_language(lang)
    try:
        return said()
    finally:
        i18n.set_language(before)


def said_in(words: Callable[..., str], *args: Any) -> Callable[[str], str]:
    """The window's ``words(*args)`` (which speak the window's language) as a function of the language."""
    return functools.partial(in_language, functools.partial(words, *args))


def notice_cases() -> Iterator[Case]:
    """A network seat's notices: each refusal, the table's saving, and what a seat missed (a move the
    computer played when time ran out, moves played while away, a deal dealt again, a deal missed)."""
    for code in [*(c.value for c in ErrorCode), "something_new"]:
        error = Error(code, "the server's words")
        yield Case("refusal", (code, error.message), said_in(remote.refusal(error)))
    yield Case("unsavedWords", (), said_in(remote.unsaved))
    yield Case("savedAgainWords", (), said_in(remote.saved_again))
    for action in (Action(Kind.PASS), Action(Kind.DRAW), Action(Kind.STAND), Action(Kind.BID, 1),
                   Action(Kind.BID, 12)):
        yield Case("timeUpWords", (encode_action(action),), said_in(remote.time_up, action))
    for moves in (1, 2, 5, 21):
        yield Case("backWords", (moves,), said_in(remote.back_words, moves))
    yield Case("redealtWords", (3,), said_in(remote.redealt_words, 3))
    history = [[100, 100, 100, 100], [97, 110, 96, 97], [97, 95, 111, 97]]
    for winner, farm in ((None, 0), (0, 15), (2, 15), (2, 1)):
        last = LastDeal(2, 1, winner, None, farm)
        wire = {"deal": 2, "farmer": 1, "winner": winner, "nearest": None, "farm": farm}
        for you in (None, 0, 1, 2):
            for rows in (history, history[:1]):
                yield Case("missedDealWords", (wire, list(NAMES[:4]), you, rows),
                           said_in(remote.missed_deal_words, last, NAMES[:4], you, rows))


def all_cases() -> list[Case]:
    """Every case: whole games under every rule set at 3, 4 and 6 seats, the made events, the rule words."""
    seen: set[str] = set()
    cases: list[Case] = []
    for n, key in enumerate(RULE_KEYS):
        for seats, seed in ((3, 11 + n), (4, 23 + n), (6, 37 + n)):
            cases += event_cases(game_events(key, seats, seed, 4), key, seats, seen)
        cases += event_cases(made_events(4), key, 4, seen)
    cases += rule_cases()
    cases += notice_cases()
    return cases


def page_words(lang: str, cases: list[Case]) -> list[str | None]:
    """The page's words for ``cases`` in ``lang``: words.js under Node, with the server's catalogue."""
    node = shutil.which("node")
    assert node is not None, "the page's words are run by Node.js (sudo apt-get install nodejs)"
    body = catalogue_body(lang)
    assert body is not None, f"the server has no /i18n/{lang}.json"
    request = {"lang": lang, "catalogue": json.loads(body.data),
               "cases": [{"fn": c.fn, "args": list(c.args)} for c in cases]}
    done = subprocess.run([node, str(WORDS_OF)], input=json.dumps(request), capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    said: list[str | None] = json.loads(done.stdout)
    return said


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    """Every case, made once."""
    return all_cases()


def test_the_cases_cover_every_kind_of_event_and_every_function(cases: list[Case]) -> None:
    kinds = {c.args[0]["type"] for c in cases if c.fn == "headline"}
    every = {"DealStarted", "AuctionOpened", "BidMade", "Passed", "FarmSold", "FarmerChosen", "CardDealt",
             "TurnStarted", "TurnEnded", "Stood", "Busted", "HandShown", "ChipsMoved", "FarmWon",
             "NearestFound", "DealEnded", "GameEnded"}
    assert kinds == every, every ^ kinds
    assert {c.fn for c in cases} == {"headline", "bubble", "gameOverTitle", "farmerRole", "standWord",
                                      "potName", "thePot", "rulesLabel", "reasonWord", "drawWord", "refusal",
                                      "unsavedWords", "savedAgainWords", "timeUpWords", "backWords",
                                      "redealtWords", "missedDealWords"}
    # Each event said to each seat and to a spectator, at least 1,000 sentences a language.
    assert len(cases) > 1000, len(cases)


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_says_what_the_window_says(lang: str, cases: list[Case]) -> None:
    page = page_words(lang, cases)
    assert len(page) == len(cases)
    differ: dict[tuple[Any, Any], str] = {}
    for case, said in zip(cases, page, strict=True):
        window = case.window(lang)
        if said != window:
            differ.setdefault((window, said), f"{case.fn}{json.dumps(case.args, ensure_ascii=False)}")
    report = "\n".join(f"{where}\n  window: {w!r}\n  page:   {p!r}"
                       for (w, p), where in list(differ.items())[:40])
    assert not differ, f"{len(differ)} sentences differ in {lang}:\n{report}"
