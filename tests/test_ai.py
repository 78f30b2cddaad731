"""The AI opponents: legal play under every rule set, nothing read beyond the view, bids, strength."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.actions import DRAW, PASS, STAND, Action, Kind
from game.agents import Agent
from game.ai import LEVELS, PERSONALITIES, farm_value, hint, make_agent
from game.ai.expert import Table
from game.ai.farm_value import TableWatch, price
from game.ai.model import outcome
from game.ai.personality import personality_named
from game.cards import DECK, Card
from game.engine import Game, Phase
from game.odds import draw_odds
from game.rules import rules_named
from game.runner import play_deal
from game.view import View

ALL_RULES = ("foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating")
NAMES = ("Anna", "Ben", "Carla", "Dan", "Eve", "Fritz", "Gus", "Hal", "Ida", "Jo")


def _tournament() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "tools" / "tournament.py"
    spec = importlib.util.spec_from_file_location("tournament_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


class Checked:
    """Wraps an agent and checks every action it returns against the view's legal actions."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.bids = 0

    def choose(self, view: View) -> Action:
        assert view.my_turn
        action = self.agent.choose(view)
        assert action in view.legal_actions(), (action, view.phase)
        if action.kind is Kind.BID:
            self.bids += 1
            assert 1 <= action.amount <= view.max_bid
        return action


def test_every_level_and_personality_can_be_made() -> None:
    for level in LEVELS:
        for mood in PERSONALITIES:
            agent = make_agent(level, mood, seed=3)
            assert callable(agent.choose)
    assert LEVELS["expert"].name == "Expert"
    assert PERSONALITIES["bold"].name == "Bold"
    with pytest.raises(ValueError, match="unknown AI level"):
        make_agent("grandmaster")
    with pytest.raises(ValueError, match="unknown personality"):
        make_agent("easy", "grumpy")


@pytest.mark.parametrize("rules", ALL_RULES)
def test_ais_only_play_legal_actions(rules: str) -> None:
    rng = random.Random(rules)
    levels = list(LEVELS)
    moods = list(PERSONALITIES)
    bids = 0
    for table_no in range(3):
        players = rng.randint(3, 10)
        agents = [
            Checked(make_agent(levels[(s + table_no) % 3], moods[rng.randrange(3)], seed=rng.randrange(1000)))
            for s in range(players)
        ]
        # Few chips, so that seats run out, bids meet their ceiling and the deck can run dry.
        game = Game(NAMES[:players], rules_named(rules), chips=rng.randint(3, 30),
                    seed=rng.randrange(10_000), record_events=False, keep_log=False)
        for _ in range(40):
            if game.phase is not Phase.BETWEEN:
                break
            play_deal(game, agents)
        bids += sum(a.bids for a in agents)
    if rules == "foster":
        assert bids > 0


def test_bids_never_exceed_the_chips_held() -> None:
    # Big farms, tiny stacks: every level wants more than it may bid.
    for level in LEVELS:
        for chips in (2, 3, 5):
            game = Game(NAMES[:5], rules_named("foster"), chips=[chips] * 5, seed=chips,
                        record_events=False, keep_log=False)
            game.next_deal()
            game.farm = 60
            seen = 0
            while game.phase is Phase.AUCTION:
                seat = game.to_act
                assert seat is not None
                view = game.view_for(seat)
                action = make_agent(level, "bold", seed=seat).choose(view)
                if action.kind is Kind.BID:
                    assert action.amount <= view.max_bid
                    seen += 1
                game.apply(action)
            if level != "easy":
                assert seen > 0, level


def _replay(
    rules: str, level: str, seat: int, deck_seed: int, shuffle_others: bool
) -> tuple[list[str], Game]:
    """The decisions of an AI at ``seat`` in a first deal where every other seat draws once.

    The deck is a seeded shuffle; with ``shuffle_others`` the cards that go to the other
    seats are shuffled among themselves, while the AI's own cards stay where they are.
    """
    base = list(DECK)
    random.Random(deck_seed).shuffle(base)
    played = _scripted_deal(rules, level, seat, base, None)
    if not shuffle_others:
        return played
    mine = set(played[1].hands[seat])
    positions = [i for i, c in enumerate(base) if c not in mine]
    others = [base[i] for i in positions]
    random.Random(deck_seed + 1).shuffle(others)
    changed = list(base)
    for i, card in zip(positions, others, strict=True):
        changed[i] = card
    return _scripted_deal(rules, level, seat, changed, mine)


def _scripted_deal(
    rules: str, level: str, seat: int, deck: list[Card], mine: set[Card] | None
) -> tuple[list[str], Game]:
    game = Game(NAMES[:6], rules_named(rules), chips=50, seed=1, first_seat=0)
    game.stack_deck(deck)
    game.next_deal()
    agent = make_agent(level, "steady", seed=11)
    decisions: list[str] = []
    while game.to_act is not None:
        acting = game.to_act
        view = game.view_for(acting)
        if acting == seat:
            action = agent.choose(view)
            decisions.append(str(action))
        elif game.phase is Phase.AUCTION:
            action = PASS
        else:
            # Everybody else takes exactly one more card, whatever it is.
            action = DRAW if len(game.hands[acting]) == 1 else STAND
        game.apply(action)
    if mine is not None:
        assert set(game.hands[seat]) == mine
    return decisions, game


@pytest.mark.parametrize("rules", ["foster", "lacombe", "ferme", "foster+rotating"])
@pytest.mark.parametrize("level", list(LEVELS))
def test_decisions_ignore_other_seats_hidden_cards(rules: str, level: str) -> None:
    differing = 0
    for deck_seed in range(6):
        for seat in (1, 3, 5):
            first, game_a = _replay(rules, level, seat, deck_seed, False)
            second, game_b = _replay(rules, level, seat, deck_seed, True)
            assert first == second
            others_a = [game_a.hands[s] for s in game_a.order if s != seat]
            others_b = [game_b.hands[s] for s in game_b.order if s != seat]
            differing += others_a != others_b
    assert differing > 0


def _deal_view(rules: str, players: int = 6, seed: int = 5) -> View:
    game = Game(NAMES[:players], rules_named(rules), chips=100, seed=seed, first_seat=0)
    game.next_deal()
    while game.phase is Phase.AUCTION:
        game.apply(PASS)
    assert game.to_act is not None
    return game.view_for(game.to_act)


def test_hint_gives_the_exact_odds_as_numbers() -> None:
    view = _deal_view("foster")
    found = hint(view)
    assert found is not None
    exact = draw_odds(view.hand)
    assert found.sixteen == pytest.approx(float(exact.sixteen))
    assert found.over == pytest.approx(float(exact.over))
    assert found.over_percent == pytest.approx(100 * float(exact.over))


def test_farm_price_adds_up() -> None:
    view = _deal_view("foster")
    found = farm_value(view)
    assert found.holds == view.farm
    assert found.worth == pytest.approx(found.per_deal * found.deals + view.farm)
    assert 0 < found.fair_bid < found.worth
    # More players going over more often: the farm is worth more.
    assert price(view.rules, 8, 6).collections > price(view.rules, 4, 6).collections
    # A fuller farm is a dearer prize to give up: the break-even bid falls.
    assert price(view.rules, 5, 20).fair_bid < price(view.rules, 5, 6).fair_bid


def test_the_next_farmers_seat_is_priced_only_where_the_winner_deals() -> None:
    from game.ai.farm_value import TableRates, farmer_edge

    rates = TableRates(over_per_hand=1.5, won_per_deal=0.25)
    for name in ("foster", "foster+rotating", "lacombe+rotating"):
        assert farmer_edge(rules_named(name), 5, rates) == 0.0
    # Five players: 7.5 chips a deal for 4 deals, less the farm's antes given up, less the
    # one chance in five of winning the seat back as a player.
    edge = farmer_edge(rules_named("lacombe"), 5, rates)
    assert edge == pytest.approx((7.5 * 4 * 6 / 5 - 6 / 5) * 5 / 6)
    assert edge < 7.5 * 4


def test_watch_learns_a_quiet_table() -> None:
    # Players who never go over pay the farmer nothing: the watched rate falls below the model's.
    rules = rules_named("foster+rotating")
    game = Game(NAMES[:5], rules, chips=1000, seed=2, record_events=False, keep_log=False)
    watch = TableWatch(rules)
    model = watch.rates().over_per_hand

    class Careful:
        def choose(self, view: View) -> Action:
            if view.seat == 0:
                watch.look(view)
            return DRAW if view.must_draw or view.total <= 6 else STAND

    agents = [Careful() for _ in range(5)]
    for _ in range(60):
        play_deal(game, agents)
    assert watch.rates().over_per_hand < model * 0.8


def test_earlier_card_counts_change_the_expected_hands() -> None:
    # A player who took five cards holds small cards; one who took two holds tens.
    five = outcome(True, 5).counts
    two = outcome(True, 2).counts
    assert five[0] > two[0]  # aces
    assert five[-1] < two[-1]  # tens


def test_expert_stands_on_sixteen_and_never_stands_below_seven() -> None:
    expert = make_agent("expert", "steady", seed=1)
    for rules in ALL_RULES:
        for seed in range(30):
            game = Game(NAMES[:6], rules_named(rules), chips=100, seed=seed, first_seat=0)
            game.next_deal()
            while game.phase is Phase.AUCTION:
                game.apply(PASS)
            while game.to_act is not None:
                view = game.view_for(game.to_act)
                action = expert.choose(view)
                if view.total == 16:
                    assert action == STAND
                if view.total <= 6 and view.deck_size > 0:
                    assert action == DRAW
                game.apply(action)


def test_expert_reads_a_big_farm_as_a_reason_to_chase_sixteen() -> None:
    view = _deal_view("foster+rotating")
    steady = personality_named("steady")
    small = Table(view, steady)
    big = Table(view, steady)
    big.prize = small.prize * 20
    for total in (12, 13, 14):
        low = small.evaluate(total, 2, False, True)
        high = big.evaluate(total, 2, False, True)
        assert high.draw - high.stand > low.draw - low.stand


def test_small_tournament_expert_beats_easy() -> None:
    tournament = _tournament()
    tallies = tournament.run(["expert", "easy"], 4, 1200, 3, "foster", 100, 100_000)
    expert, easy = tallies
    assert expert.seat_deals == easy.seat_deals
    assert expert.mean() > easy.mean()
    assert expert.mean() - expert.half_width() > easy.mean() + easy.half_width()
    assert expert.chips + easy.chips == 0


def test_simulator_plays_the_ai_levels() -> None:
    from game import sim
    from game.ai.specs import agent_kinds, parse_agent

    for level in LEVELS:
        assert level in agent_kinds()
        agent = parse_agent(f"{level}:bold:5")
        assert agent.__class__.__name__.lower().startswith(level)
    with pytest.raises(ValueError, match="unknown personality"):
        parse_agent("expert:grumpy")
    with pytest.raises(ValueError, match="SEED must be a whole number"):
        parse_agent("normal:steady:x")
    specs = ["expert", "normal:bold", "easy", "threshold:12"]
    summary = sim.simulate(rules_named("ferme"), specs, deals=30, games=1, seed=2, chips=100)
    assert summary.deals == 30
    assert sum(summary.final_chips[0]) <= 400


@pytest.mark.parametrize("rules", ["foster", "ferme"])
def test_small_tournament_ranks_the_levels(rules: str) -> None:
    tournament = _tournament()
    specs = ["expert", "normal", "easy", "threshold:13"]
    expert, normal, easy, _ = tournament.run(specs, 6, 2400, 1, rules, 100, 100_000)
    assert expert.mean() > normal.mean() > easy.mean()
    # Expert and normal are close over so few deals; each is clearly ahead of easy.
    assert expert.mean() - expert.half_width() > easy.mean() + easy.half_width()
    assert normal.mean() - normal.half_width() > easy.mean() + easy.half_width()


def test_expert_bids_less_of_the_break_even_price_at_larger_tables() -> None:
    from game.ai.expert import bid_margin

    margins = [bid_margin(k) for k in range(2, 10)]
    assert margins == sorted(margins, reverse=True)
    assert bid_margin(5) == 1.0
    assert all(0.75 <= m <= 1.15 for m in margins)


def test_table_watch_starts_from_the_tables_own_size() -> None:
    from game.ai.farm_value import TableWatch

    small = TableWatch(rules_named("foster"), 2).rates()
    large = TableWatch(rules_named("foster"), 9).rates()
    # More players: more chances that someone makes 16, so a farm ends sooner.
    assert large.won_per_deal > small.won_per_deal
