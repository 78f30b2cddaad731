"""The AI opponents: legal play under every rule set, nothing read beyond the view, bids, strength."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai import LEVELS, PERSONALITIES, farm_value, hint, make_agent
from game.ai.expert import ExpertAgent, TableModel
from game.ai.farm_value import Economy
from game.ai.memory import SeatFigures, TableMemory
from game.ai.model import outcome
from game.ai.observing import feed
from game.ai.personality import personality_named
from game.ai.rates import provenance, table_rates
from game.limits import PLAYERS
from game.play.runner import play_deal
from game.rules.actions import DRAW, PASS, STAND, Action, Kind, bid
from game.rules.agents import Agent
from game.rules.cards import DECK, Card
from game.rules.engine import Game, Phase
from game.rules.events import Event
from game.rules.odds import draw_odds
from game.rules.ruleset import RULE_KEYS, rules_named
from game.rules.view import View
from tools import tournament

ALL_RULES = ("foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating")
NAMES = ("Anna", "Ben", "Carla", "Dan", "Eve", "Fritz", "Gus", "Hal", "Ida", "Jo")



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
    assert LEVELS["expert"].key == "expert"
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


def test_farm_price_adds_up() -> None:
    view = _deal_view("foster")
    found = farm_value(view)
    assert found.holds == view.farm
    assert found.worth == pytest.approx(found.per_deal * found.deals + view.farm)
    assert 0 < found.fair_bid < found.worth
    rules = rules_named("foster")
    # At a table of alike players the break-even bid is D·B − F/(m+1) (see farm_value's notes).
    same = SeatFigures(over=1.0, sixteen=0.1, bust=0.3, wins=0.1, nearest=0.0)
    economy = Economy(rules, range(5), dict.fromkeys(range(5), same))
    price = economy.price(0, 10)
    assert price.fair_bid == pytest.approx(price.per_deal * price.deals - 10 / 5)
    # More players going over more often: the farm is worth more.
    wild = SeatFigures(over=2.0, sixteen=0.1, bust=0.5, wins=0.1, nearest=0.0)
    assert Economy(rules, range(5), dict.fromkeys(range(5), wild)).price(0, 10).fair_bid > price.fair_bid
    # A fuller farm is a dearer prize to give up: the break-even bid falls.
    assert economy.price(0, 20).fair_bid < price.fair_bid


def test_the_next_farmers_seat_is_priced_only_where_the_winner_deals() -> None:
    same = SeatFigures(over=1.5, sixteen=0.06, bust=0.4, wins=0.05, nearest=0.0)
    for name in ("foster", "foster+rotating", "lacombe+rotating"):
        assert Economy(rules_named(name), range(6), dict.fromkeys(range(6), same)).seat_worth(0) == 0.0
    economy = Economy(rules_named("lacombe"), range(6), dict.fromkeys(range(6), same))
    deals, collect, paid, share, back = economy.terms(0)
    assert back == 0.0  # with no end agreed, a farm is always won in the end
    assert share == pytest.approx(1 / 5)
    assert paid == pytest.approx(-1.5 * deals)
    # The seat is the break-even price of a farm of six antes, its own worth included.
    edge = economy.seat_worth(0)
    assert edge == pytest.approx(deals * collect - paid - share * (6 + edge))
    assert 0 < edge < deals * collect


def test_the_end_of_the_game_prices_the_farm_by_the_deals_left() -> None:
    """RULES.md: a farm nobody has won when the game ends stays with its farmer."""
    rules = rules_named("foster")
    same = SeatFigures(over=1.0, sixteen=0.06, bust=0.3, wins=0.06, nearest=0.0)
    figures = dict.fromkeys(range(6), same)
    endless = Economy(rules, range(6), figures).price(0, 8)

    def priced(left: int) -> float:
        return Economy(rules, range(6), figures, deals_left=left).price(0, 8).fair_bid

    # In the last deal the farmer collects one deal's points over 16 and, unless someone makes 16,
    # keeps the farm, bid and all: the break-even bid solves that.
    last = Economy(rules, range(6), figures, deals_left=1)
    won = last.won(range(1, 6))
    b = priced(1)
    keeps = 1 - won
    mine = last.terms(0, 1)
    assert mine[:2] == pytest.approx((1.0, 5.0)) and mine[4] == pytest.approx(keeps)
    rival_won = 1 - (1 - last.won(range(5))) ** 1
    assert 5.0 - b + keeps * (8 + b) == pytest.approx(mine[2] + 0.2 * rival_won * (8 + b))
    # The fewer deals left, the more of the bid comes back: it pays to bid more, and with many
    # deals left the price is the one with no end.
    assert priced(1) > priced(3) > priced(10) > endless.fair_bid
    assert priced(400) == pytest.approx(endless.fair_bid, rel=1e-3)
    assert Economy(rules_named("lacombe"), range(6), figures).seat_worth(0, 0) == 0.0


def test_the_expert_bids_higher_for_the_last_deals_farm_than_for_the_first() -> None:
    game = Game(NAMES[:5], rules_named("foster"), chips=100, seed=3, max_deals=30)
    game.next_deal()
    expert = make_agent("expert", seed=1)
    assert isinstance(expert, ExpertAgent)
    view = game.view_for(game.to_act or 0)
    assert view.deals_after == 29
    first = expert.limit(view, TableMemory(view.rules))
    last_view = dataclasses.replace(view, deal_no=30)
    assert last_view.deals_after == 0
    assert expert.limit(last_view, TableMemory(view.rules)) > first


def _observed_game(
    rules: str, specs: list[str], deals: int, seed: int = 4
) -> tuple[list[Agent], list[list[Event]]]:
    """Play ``deals`` deals, feeding every learning agent; returns them and each deal's events."""
    from game.ai.specs import parse_agent

    agents = [parse_agent(spec, seat) for seat, spec in enumerate(specs)]
    game = Game(NAMES[:len(specs)], rules_named(rules), chips=10_000, seed=seed, keep_log=False)
    played = []
    for _ in range(deals):
        events = play_deal(game, agents)
        feed(dict(enumerate(agents)), events)
        played.append(events)
    return agents, played


def test_memory_reads_each_players_habit_from_the_showdowns() -> None:
    agents, _ = _observed_game("foster+rotating", ["expert", "threshold:16", "threshold:10", "expert"], 150)
    expert = agents[0]
    assert isinstance(expert, ExpertAgent) and expert.memory is not None
    memory = expert.memory
    from game.ai.model import THRESHOLDS

    for seat, stands_from in ((1, 16), (2, 10)):
        belief = memory.belief(seat, 3)
        assert THRESHOLDS[max(range(len(THRESHOLDS)), key=belief.__getitem__)] == stands_from
    # The reckless player pays the farmer far more per hand than the careful one.
    assert memory.figures(1, 3).over > 2 * memory.figures(2, 3).over


class _Watched:
    """An agent whose every view is kept, deal by deal (to show another agent what it saw)."""

    def __init__(self, agent: ExpertAgent) -> None:
        self.agent = agent
        self.views: list[list[View]] = [[]]

    def choose(self, view: View) -> Action:
        self.views[-1].append(view)
        return self.agent.choose(view)

    def observe(self, events: list[Event]) -> None:
        self.agent.observe(events)
        self.views.append([])


def test_learning_is_a_pure_function_of_what_the_seat_saw() -> None:
    # A second expert shown the same views (the bids of each auction among them) and fed the same
    # events knows the same.
    from game.ai.specs import parse_agent
    from game.rules.observe import observe

    specs = ["expert", "normal", "expert:bold", "easy"]
    first = parse_agent(specs[0], 0)
    assert isinstance(first, ExpertAgent)
    watched = _Watched(first)
    agents: list[Agent] = [watched, *(parse_agent(spec, seat) for seat, spec in enumerate(specs) if seat)]
    game = Game(NAMES[:4], rules_named("lacombe"), chips=10_000, seed=4, keep_log=False)
    played = []
    for _ in range(30):
        events = play_deal(game, agents)
        feed(dict(enumerate(agents)), events)
        played.append(events)
    second = ExpertAgent(first.personality, 0)
    for views, events in zip(watched.views, played, strict=False):
        for view in views:
            second.choose(view)
        second.observe(observe(events, 0))
    assert first.memory is not None and second.memory is not None
    assert any(first.memory.player(seat).overbids for seat in range(4))  # the auctions' views told
    for seat in range(4):
        assert first.memory.belief(seat, 3) == second.memory.belief(seat, 3)
        assert first.memory.figures(seat, 3) == second.memory.figures(seat, 3)


def test_memory_knows_players_by_name_from_game_to_game() -> None:
    memory = TableMemory(rules_named("foster"))
    memory.bind(("Anna", "Ben", "Carla"))
    memory.player(1).hands = 7
    memory.bind(("Ben", "Anna", "Carla"))
    assert memory.player(0).hands == 7 and memory.player(1).hands == 0


@pytest.mark.parametrize("rules", RULE_KEYS)
def test_a_player_not_yet_seen_is_read_with_the_measured_rates(rules: str) -> None:
    # Until a player has shown a hand, the farm is priced from the rates measured at tables of
    # Experts, exactly: the habit model only says how a player differs from them.
    memory = TableMemory(rules_named(rules))
    for players in range(PLAYERS.low - 1, PLAYERS.high):
        shipped = table_rates(rules_named(rules), players)
        seen = memory.figures(0, players)
        assert seen.over == pytest.approx(shipped.over)
        assert seen.sixteen == pytest.approx(shipped.sixteen)
        assert seen.bust == pytest.approx(shipped.bust)
        assert seen.wins == pytest.approx(shipped.wins)


def test_shipped_rates_cover_every_rule_set_and_table_size() -> None:
    made = provenance()
    assert made["seed"] is not None and made["deals_per_table"] >= 1000
    assert "tools/ai_rates.py" in made["made_by"]
    for key in RULE_KEYS:
        for players in range(PLAYERS.low - 1, PLAYERS.high):
            rates = table_rates(rules_named(key), players)
            assert 0 < rates.over < 3 and 0 < rates.sixteen < 0.2
            assert 0 < rates.won <= 1
            assert rates.stand[16] == 1.0
    # Experts go over far less than the old model's players (1.68 points a hand).
    assert table_rates(rules_named("foster"), 2).over < 1.2
    assert table_rates(rules_named("ferme"), 2).over < 0.5


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
    small = TableModel(view, steady)
    big = TableModel(view, steady)
    big.prize = small.prize * 20
    for total in (12, 13, 14):
        low = small.evaluate(total, 2, False, True)
        high = big.evaluate(total, 2, False, True)
        assert high.draw - high.stand > low.draw - low.stand


def test_small_tournament_expert_beats_easy() -> None:
    # The rotating farm: no auction, where two Experts bidding each other up to the farm's
    # worth hand its surplus to the farm, so the cards alone tell the players apart.
    tallies = tournament.run(["expert", "easy"], players=4, deals=1200, seed=3, rules_name="foster+rotating",
                             chips=100_000)
    expert, easy = tallies
    assert expert.seat_deals == easy.seat_deals
    assert expert.mean() > easy.mean()
    assert expert.mean() - expert.half_width() > easy.mean() + easy.half_width()
    assert expert.chips + easy.chips == 0


def test_simulator_plays_the_ai_levels() -> None:
    from game.ai.specs import agent_kinds, parse_agent
    from game.play import sim

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
@pytest.mark.parametrize("level", ["normal", "expert"])
def test_the_levels_that_weigh_the_odds_draw_when_it_is_safe_and_stand_when_it_is_not(
    rules: str, level: str
) -> None:
    # What a player who weighs the next card's odds must do, whatever its tuning: take a card
    # that goes over 16 less than one time in four, and refuse one that does more often than not.
    safe: list[Action] = []
    risky: list[Action] = []
    for seed in range(20):
        game = Game(NAMES[:4], rules_named(rules), chips=100, seed=seed, first_seat=0, max_deals=4)
        agents = [make_agent(level, "steady", seed=seed * 10 + seat) for seat in range(4)]
        while not game.is_over:
            game.next_deal()
            while game.to_act is not None:
                view = game.view_for(game.to_act)
                action = agents[game.to_act].choose(view)
                found = hint(view)
                if view.phase is Phase.PLAY and not view.must_draw and found is not None:
                    if found.over < 0.25:
                        safe.append(action)
                    elif found.over > 0.6:
                        risky.append(action)
                game.apply(action)
    assert len(safe) >= 30 and len(risky) >= 30, (len(safe), len(risky))
    assert set(safe) == {DRAW}
    assert set(risky) == {STAND}


def test_expert_bids_up_to_its_break_even_price_and_no_further() -> None:
    game = Game(NAMES[:6], rules_named("foster"), chips=1000, seed=3, first_seat=0)
    game.next_deal()
    view = game.view_for(game.to_act or 0)
    expert = ExpertAgent(personality_named("bold"), 1)
    fair = expert.price(view).fair_bid
    assert 5 < fair < 40
    assert expert.limit(view, expert._memory(view)) == int(fair)  # bold, but never above break-even


def test_the_shill_and_the_outbidder_stop_a_chip_either_side_of_the_experts_limit() -> None:
    from game.ai.exploiters import Outbidder, Shill

    game = Game(NAMES[:6], rules_named("foster"), chips=1000, seed=3, first_seat=0)
    game.next_deal()
    view = game.view_for(game.to_act or 0)
    # A game's first auction: the Expert bids up to its limit or the farm's public price.
    expert = ExpertAgent(personality_named("steady"), 1)
    limit = expert.ceiling(view, TableMemory(view.rules))
    assert limit == max(expert.limit(view, TableMemory(view.rules)), int(expert.public_price(view)))
    for kind, stops in ((Shill, limit - 1), (Outbidder, limit + 1)):
        agent = kind(personality_named("steady"), 1)
        memory = agent._memory(view)
        at = dataclasses.replace(view, high_bid=stops - 1)
        past = dataclasses.replace(view, high_bid=stops)
        assert agent.bid(at, memory).amount == stops, kind.level
        assert agent.bid(past, memory) == PASS, kind.level


def test_the_poisoner_is_reckless_in_a_game_s_first_deals_and_the_expert_after() -> None:
    from game.ai.exploiters import POISON_DEALS, Poisoner

    game = Game(NAMES[:3], rules_named("foster"), chips=1000, seed=3, first_seat=0)
    game.next_deal()
    view = game.view_for(game.to_act or 0)
    poisoner = Poisoner(personality_named("steady"), 1)
    expert = ExpertAgent(personality_named("steady"), 1)
    reckless = int(2 * farm_value(view).fair_bid)
    assert expert.limit(view, expert._memory(view)) < reckless - 1
    assert poisoner.choose(dataclasses.replace(view, high_bid=reckless - 1)).amount == reckless
    later = dataclasses.replace(view, deal_no=POISON_DEALS + 1, high_bid=reckless - 1)
    assert poisoner.choose(later) == PASS == expert.choose(later)
    # Its hands: drawing to 16 in a game's first deals, standing below it (as the Expert does) after.
    game = Game(NAMES[:3], rules_named("foster"), chips=1000, seed=5, first_seat=0)
    steady = personality_named("steady")
    agents = [Poisoner(steady, 1), ExpertAgent(steady, 2), ExpertAgent(steady, 3)]
    stood_below_16: dict[bool, int] = {True: 0, False: 0}
    for _ in range(2 * POISON_DEALS):
        game.next_deal()
        while game.to_act is not None:
            seat = game.to_act
            view = game.view_for(seat)
            action = agents[seat].choose(view)
            if seat == 0 and view.phase is Phase.PLAY and action == STAND and view.total < 16:
                stood_below_16[view.deal_no <= POISON_DEALS] += 1
            game.apply(action)
    assert stood_below_16[True] == 0 and stood_below_16[False] > 3, stood_below_16


def test_a_colluder_never_bids_against_its_partner() -> None:
    from game.ai.exploiters import Colluder

    names = ["collude#0", "expert#1", "collude#2"]
    game = Game(names, rules_named("foster"), chips=1000, seed=3, first_seat=0)
    game.next_deal()
    view = game.view_for(game.to_act or 0)
    colluder = Colluder(personality_named("steady"), 1)
    memory = colluder._memory(view)
    assert colluder.bid(dataclasses.replace(view, high_bid=3, high_bidder=1), memory) == bid(4)
    assert colluder.bid(dataclasses.replace(view, high_bid=3, high_bidder=2), memory) == PASS


def test_levels_never_stand_where_no_card_can_go_over() -> None:
    # Under ferme drawing is optional: a lone ace (or any total up to 6) is always worth a card.
    for level in LEVELS:
        for seed in range(40):
            game = Game(NAMES[:4], rules_named("ferme"), chips=100, seed=seed, first_seat=0)
            game.next_deal()
            agent = make_agent(level, "cautious", seed=seed)
            while game.to_act is not None:
                view = game.view_for(game.to_act)
                action = agent.choose(view)
                if view.total <= 6 and view.deck_size > 0:
                    assert action == DRAW, (level, view.hand)
                if view.total == 16:
                    assert action == STAND
                game.apply(action)


def test_tournament_line_up_of_one_among_others() -> None:
    specs = tournament.lineup("never", "expert", 3)
    assert specs == ["never", "expert", "expert"]
    never, expert = tournament.run(specs, players=3, deals=300, seed=2, game_length=50, chips=100_000)
    assert never.seat_deals * 2 == expert.seat_deals
    assert never.chips + expert.chips == 0
    assert never.farms_bought == 0 and expert.farms_bought > 0
    assert expert.farm_chips > 0 and never.farm_chips > 0


def test_tournament_figures_by_stretch_of_the_game_add_up_to_the_whole() -> None:
    """Deal 1, deals 2-5, 6-10, 11-20, 21-40 and the rest of each game: every seat-deal, chip and
    farm bought falls in exactly one stretch, and a farm is bought in deal 1 of every game."""
    assert [tournament.stretch_of(d) for d in (1, 2, 5, 6, 10, 11, 20, 21, 40, 41, 100)] == [
        0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    tallies = tournament.run(["threshold:13:1.5", "expert", "easy"], players=3, deals=300, seed=4,
                             game_length=50, chips=100_000)
    for tally in tallies:
        parts = tally.stretches
        assert sum(p.seat_deals for p in parts) == tally.seat_deals
        assert sum(p.chips for p in parts) == tally.chips
        assert sum(p.farms_bought for p in parts) == tally.farms_bought
        assert sum(p.price_paid for p in parts) == tally.price_paid
        # Six games of 50 deals, each agent in one seat: one deal 1, four of 2-5, five of 6-10, ten,
        # twenty and ten more.
        assert [p.seat_deals for p in parts] == [n * 6 for n in (1, 4, 5, 10, 20, 10)]
    assert sum(t.stretches[0].farms_bought for t in tallies) == 6  # the first farm of each game
    assert sum(t.stretches[0].chips for t in tallies) == 0


def test_the_human_like_levels_raise_in_fives_once_the_bid_is_past_a_few_chips() -> None:
    from game.ai.common import raise_within

    game = Game(["A", "B", "C", "D"], seed=3)
    game.next_deal()
    seat = game.to_act
    assert seat is not None
    view = game.view_for(seat)
    first_bid = raise_within(view, 30)
    assert first_bid is not None and first_bid.amount == 1
    for amount, limit, expected in [(4, 30, 5), (7, 30, 10), (10, 30, 15), (12, 14, 13), (14, 14, None)]:
        game.high_bid = amount  # a bid of ``amount`` stands
        answer = raise_within(game.view_for(seat), limit)
        assert (answer.amount if answer.kind is Kind.BID else None) == expected, (amount, limit)
