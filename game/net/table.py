"""One network table: its seats, people and spectators, its game, its clocks. No sockets here.

A :class:`HostedTable` is told what its members send (:meth:`HostedTable.handle`) and what time it is,
and answers by calling each member's :meth:`Member.send` with a JSON text. The server
owns the sockets and calls :meth:`HostedTable.tick` when :meth:`HostedTable.next_deadline` comes.
The engine runs here only: each seat is sent what :func:`game.rules.observe.observe` lets it see
and its own :meth:`~game.rules.engine.Game.view_for`; spectators see what a seat of ``None`` sees.

The table's policies (PROTOCOL.md, "How a game runs"): people join until the host starts
the game; empty seats are the AI's; a person away, or out of time on a move, is played for
by the AI of their seat and keeps the seat; between deals the table pauses until every
connected person is ready or the pause runs out; with nobody connected it waits.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.ai.specs import parse_agent
from game.formats.savegame import SaveError, restore
from game.net.client_messages import Act, AtTable, End, Leave, Ping, Ready, Remove, Start
from game.net.codec import Json, encode_history, encode_view
from game.net.codes import CloseCode, ErrorCode
from game.net.protocol import (
    LOBBY_LINGER_SECONDS,
    MAX_PLAYED_FOR,
    MAX_SPECTATORS,
    LastDeal,
    Pause,
    PlayedFor,
    Pong,
    ProtocolError,
    SeatInfo,
    Sent,
    Settings,
    StandIn,
    TableInfo,
    TableSummary,
    Turn,
    Update,
    Welcome,
)
from game.net.tablefile import SavedSeat, SavedTable
from game.play.match import HUMAN, Match, player_spec, reseed
from game.rules.actions import IllegalAction
from game.rules.agents import Agent
from game.rules.engine import Phase
from game.rules.events import EndReason, Event, GameEnded, Reason
from game.rules.observe import observe
from game.rules.ruleset import rules_named

AI_MOVES_PER_TURN = 24
"""The most AI moves one call plays before the table gives the event loop back to the others."""
AI_SECONDS_PER_TURN = 0.005
"""The most time one call spends on AI moves before giving the loop back (whichever comes first)."""
WATCH_PACE_SECONDS = 0.5
"""Between two AI moves at a table only spectators watch: a pace people can follow."""
WATCH_PAUSE_SECONDS = 3.0
"""The least pause between deals at a table only spectators watch."""
ABANDONED_SECONDS = 3600.0
"""A started table is dropped (and its saved file deleted) after this long with nobody connected."""
OVER_LINGER_SECONDS = 60.0
"""A finished table stays this long for late readers, then is dropped."""


class Member(Protocol):
    """One connection at a table, as the table sees it."""

    def send(self, text: str) -> None:
        """Queue one message (a JSON text) for the connection; never blocks."""
        ...

    def close(self, reason: str, code: int = CloseCode.NORMAL) -> None:
        """Close the connection with ``code``, telling it ``reason``."""
        ...


def hash_token(token: str) -> str:
    """What the table keeps of a token (a saved file never holds the token itself)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class Seat:
    """One seat: who holds it and whether they are here."""

    name: str
    person: bool = False
    """Whether a person holds the seat (else the AI plays it)."""
    token_hash: str | None = None
    host: bool = False
    member: Member | None = None
    """The person's connection while they are here."""
    ready: bool = False
    """Ready for the next deal (reset at each pause)."""


def _dumps(message: Sent) -> str:
    return json.dumps(message.to_json(), separators=(",", ":"))


class HostedTable:
    """A table: its code, the host's settings, its seats, and once started its :class:`Match`."""

    def __init__(self, code: str, settings: Settings, now: float,
                 save: Callable[[HostedTable], None] | None = None,
                 lobby_linger: float = LOBBY_LINGER_SECONDS) -> None:
        """A table not started, every seat the AI's; ``save`` is called whenever it should be saved;
        not started, it is dropped ``lobby_linger`` seconds after everyone left."""
        self.code = code
        self.lobby_linger = lobby_linger
        self.settings = settings
        self.seats = [Seat(settings.free_name(i)) for i in range(settings.seats)]
        self.spectators: list[Member] = []
        self.match: Match | None = None
        self.stand_ins: dict[int, Agent] = {}
        """The AI that plays a person's seat while they are away or out of time."""
        self.seq = 0
        self.end_requested = False
        self.pause_until: float | None = None
        self.turn_until: float | None = None
        self.idle_since: float | None = now
        self.over_at: float | None = None
        self.resume_at: float | None = None
        """When the AI plays on after giving the loop back (a budget used up, or a spectator's pace)."""
        self.closed = False
        """Set when the table should be dropped by its server."""
        self._save = save
        self._saved_deal = -1
        self.unsaved = False
        """Whether the server could not write this table's latest state (it keeps trying): said to
        everyone at the table in the ``table`` message until a save works."""
        self._sent_pause: tuple[Any, ...] | None = None
        self._sent_turn: tuple[Any, ...] | None = None
        self._played: list[PlayedFor] = []
        """The moves the computer played for people in the run being sent (out of time, or away)."""
        self.missed: dict[int, list[PlayedFor]] = {}
        """By seat: the moves played for a person while they were away, told when they come back."""
        self.redealt: int | None = None
        """The deal a restarted server deals again (its first dealing was lost with the server)."""
        self.ended: GameEnded | None = None
        """How the game ended, for whoever arrives after its end."""
        self.next_code: str | None = None
        """The code of the table that follows this one at the same place (a kiosk's next table)."""

    # ------------------------------------------------------------------ queries

    @property
    def started(self) -> bool:
        """Whether the game has started."""
        return self.match is not None

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.match is not None and self.match.game.is_over

    def seat_of(self, member: Member) -> int | None:
        """The seat ``member`` holds, if any."""
        for i, seat in enumerate(self.seats):
            if seat.member is member:
                return i
        return None

    def _only_watched(self) -> bool:
        """Only spectators are here (no person connected): the AI plays at a pace people can follow."""
        return bool(self.spectators) and all(s.member is None for s in self.seats)

    def _someone_here(self) -> bool:
        if any(s.member is not None for s in self.seats):
            return True
        return bool(self.spectators) and not any(s.person for s in self.seats)

    def summary(self) -> TableSummary:
        """This table in a ``tables`` list (the server lists only tables whose host made them public)."""
        return TableSummary(self.code, self.settings.rules, self.settings.seats,
                            sum(not s.person for s in self.seats), self.started, self.over)

    def info(self) -> TableInfo:
        """The ``table`` message."""
        return TableInfo(
            code=self.code,
            settings={**self.settings.to_json(), "seed": None},
            started=self.started,
            over=self.over,
            ending=self.end_requested,
            seats=tuple(SeatInfo(i, s.name, s.person, s.member is not None, s.host)
                        for i, s in enumerate(self.seats)),
            spectators=len(self.spectators),
            # The seed itself is never sent; that there is one is (its creator knows every deck).
            fixed_deck=self.settings.seed is not None,
            unsaved=self.unsaved,
            next=self.next_code,
        )

    def follow(self, code: str) -> None:
        """Table ``code`` follows this one at the same place: everyone here is told (``table.next``)."""
        self.next_code = code
        self._broadcast_text(_dumps(self.info()))

    # ------------------------------------------------------------------ joining and leaving

    def _new_token(self, seat: Seat) -> str:
        token = secrets.token_urlsafe(18)
        seat.token_hash = hash_token(token)
        return token

    def _welcome(self, member: Member, seat: int | None, token: str | None) -> None:
        host = seat is not None and self.seats[seat].host
        member.send(_dumps(Welcome(self.code, seat, token, host)))

    def join(self, member: Member, name: str, wanted: int | None, now: float, host: bool = False) -> None:
        """Seat a person before the game starts: at ``wanted``; else a guest at the first free seat
        the host kept for a person (``settings.people``), or the first free seat when none is left
        (the host, creating the table, at the first free seat)."""
        if self.started:
            raise ProtocolError(ErrorCode.STARTED, "the game has started: you may watch it, not join it")
        free = [i for i, s in enumerate(self.seats) if not s.person]
        if not free:
            raise ProtocolError(ErrorCode.TABLE_FULL, "every seat at this table is taken")
        if wanted is not None and wanted not in free:
            raise ProtocolError(ErrorCode.TABLE_FULL, f"seat {wanted} is not free (free: {free})")
        kept = [i for i in free if i in self.settings.people and not host]
        index = wanted if wanted is not None else (kept or free)[0]
        seat = self.seats[index]
        seat.name, seat.person, seat.member, seat.host = name, True, member, host
        token = self._new_token(seat)
        self._welcome(member, index, token)
        self._changed(now, member)

    def resume(self, member: Member, token: str, now: float) -> None:
        """Give a person their seat back from the token they were given."""
        wanted = hash_token(token)
        for index, seat in enumerate(self.seats):
            held = seat.token_hash
            if seat.person and held is not None and secrets.compare_digest(held, wanted):
                if seat.member is not None and seat.member is not member:
                    seat.member.close("your seat was taken up by a new connection", CloseCode.REPLACED)
                seat.member = member
                self._welcome(member, index, token)
                self._changed(now, member)
                return
        raise ProtocolError(ErrorCode.BAD_TOKEN, "that token holds no seat at this table")

    def watch(self, member: Member, now: float) -> None:
        """Let ``member`` watch (public information only)."""
        if len(self.spectators) >= MAX_SPECTATORS:
            raise ProtocolError(ErrorCode.TABLE_FULL, f"this table admits {MAX_SPECTATORS} spectators")
        self.spectators.append(member)
        self._welcome(member, None, None)
        self._changed(now, member)

    def disconnect(self, member: Member, now: float) -> None:
        """``member``'s connection is gone; a person keeps their seat (the AI plays for them)."""
        if member in self.spectators:
            self.spectators.remove(member)
        for seat in self.seats:
            if seat.member is member:
                seat.member = None
                seat.ready = False
        self._changed(now)

    def leave(self, member: Member, now: float) -> None:
        """A person gives up their seat: freed before the start, the AI's for good after it."""
        index = self.seat_of(member)
        if index is None:
            self.disconnect(member, now)
            return
        seat = self.seats[index]
        was_host = seat.host
        seat.member, seat.person, seat.token_hash, seat.host, seat.ready = None, False, None, False, False
        if self.match is not None:
            spec = player_spec(self.settings.level(index), index)
            self.match.players[index] = spec
            self.match.agents[index] = self.stand_ins.pop(index)
        else:
            seat.name = self.settings.free_name(index)
        if was_host:
            heir = next((s for s in self.seats if s.person), None)
            if heir is not None:
                heir.host = True
        if self.match is not None:
            # Saved at once, mid-deal too: a seat given up stays given up if the server dies now.
            self.save(in_deal=self.match.game.mid_deal)
        self._changed(now)

    def remove(self, index: int, now: float) -> None:
        """The host frees seat ``index`` before the start: its person is told and disconnected."""
        if self.started:
            raise ProtocolError(ErrorCode.STARTED, "the game has started: seats can no longer be removed")
        if not 0 <= index < len(self.seats):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"this table has no seat {index}")
        seat = self.seats[index]
        if seat.host:
            raise ProtocolError(ErrorCode.NOT_NOW, "the host cannot remove their own seat: leave instead")
        if not seat.person:
            raise ProtocolError(ErrorCode.NOT_NOW, f"nobody holds seat {index}")
        member = seat.member
        seat.member, seat.person, seat.token_hash, seat.ready = None, False, None, False
        seat.name = self.settings.free_name(index)
        if member is not None:
            member.close("the host removed you from the table", CloseCode.REMOVED)
        self._changed(now)

    # ------------------------------------------------------------------ messages

    def handle(self, member: Member, msg: AtTable, now: float) -> None:
        """Act on a table message from ``member``; :class:`ProtocolError` when it is refused."""
        match msg:
            case Ping(ref=ref):
                member.send(_dumps(Pong(ref)))
                return
            case Leave():
                self.leave(member, now)
                return
        index = self.seat_of(member)
        if index is None:
            what = "remove a seat" if isinstance(msg, Remove) else "act, start or end a game"
            raise ProtocolError(ErrorCode.SPECTATOR, f"spectators watch: they cannot {what}")
        match msg:
            case Remove(seat=seat):
                self._host_only(index, "remove a seat")
                self.remove(seat, now)
            case Act():
                self._act(member, index, msg, now)
            case Ready(deal=deal):
                self._ready(index, deal, now)
            case Start():
                self._host_only(index, "start the game")
                if self.started:
                    raise ProtocolError(ErrorCode.NOT_NOW, "the game has already started")
                self.start(now)
            case End():
                self._host_only(index, "end the game")
                if self.match is None or self.over:
                    raise ProtocolError(ErrorCode.NOT_NOW, "no game is being played")
                self.end_requested = True
                self._broadcast_text(_dumps(self.info()))
                self.advance(now)

    def _host_only(self, index: int, what: str) -> None:
        if not self.seats[index].host:
            raise ProtocolError(ErrorCode.NOT_HOST, f"only the table's host may {what}")

    def _act(self, member: Member, index: int, msg: Act, now: float) -> None:
        wanted = msg.seat
        if wanted is not None and wanted != index:
            raise ProtocolError(ErrorCode.NOT_YOUR_SEAT, f"you hold seat {index}, not seat {wanted}")
        if self.match is None:
            raise ProtocolError(ErrorCode.NOT_NOW, "the game has not started")
        game = self.match.game
        if game.to_act != index:
            who = "nobody is to act now" if game.to_act is None else f"it is {game.names[game.to_act]}'s turn"
            raise ProtocolError(ErrorCode.NOT_YOUR_TURN, f"not your turn: {who}")
        try:
            events = self.match.act(index, msg.action)
        except IllegalAction as exc:
            raise ProtocolError(ErrorCode.ILLEGAL, f"'{msg.action}' is not allowed: {exc}") from None
        self.turn_until = None
        self.advance(now, events, member, msg.ref)

    def _ready(self, index: int, deal: int | None, now: float) -> None:
        if self.match is not None and deal is not None and deal <= self.match.game.deal_no:
            return  # a late ready for a deal that has started: no harm done
        if self.match is None or self.match.game.phase is not Phase.BETWEEN:
            raise ProtocolError(ErrorCode.NOT_NOW, "there is no pause between deals now")
        self.seats[index].ready = True
        self.advance(now)

    # ------------------------------------------------------------------ the game

    def start(self, now: float) -> None:
        """Start the game: the people seated play, the AI plays every other seat."""
        settings = self.settings
        players = [HUMAN if s.person else player_spec(settings.level(i), i) for i, s in enumerate(self.seats)]
        seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(2**31)
        self.match = Match.new(
            [s.name for s in self.seats], players, rules_named(settings.rules), seed=seed,
            chips=settings.chips, max_deals=settings.deals, max_minutes=settings.minutes,
        )
        if settings.seed is None:
            # Far more seeds than anyone can try: the hands of the deals played (in the saved file,
            # or seen at the table) must not lead back to the seed, and from it to the next deal.
            self.match.game.rng.seed(secrets.randbits(256))
        self._make_stand_ins()
        self.pause_until = now  # the first deal starts at once
        self._broadcast_text(_dumps(self.info()))
        self.advance(now)

    def _make_stand_ins(self) -> None:
        assert self.match is not None
        self.stand_ins = {
            i: parse_agent(player_spec(self.settings.level(i), i), 0)
            for i, spec in enumerate(self.match.players) if spec == HUMAN
        }

    def _run(self, now: float, events: list[Event]) -> list[Event]:
        """Play on until a connected person must decide, the pause waits, or the game is over."""
        match = self.match
        assert match is not None
        game = match.game
        if self.resume_at is not None and now >= self.resume_at:
            self.resume_at = None
        watched = self._only_watched()
        moves = 0
        started = time.perf_counter()
        while True:
            phase = game.phase
            if phase is Phase.OVER:
                break
            if phase is Phase.BETWEEN:
                if self._saved_deal != game.deal_no:
                    self._saved_deal = game.deal_no
                    self.save(in_deal=False)
                if self.end_requested:
                    events += game.end(EndReason.STOPPED)  # the host stopped it early
                    break
                if not self._someone_here():
                    self.pause_until = None  # nobody is here: the table waits
                    break
                if self.pause_until is None:
                    pause = float(self.settings.pause_seconds)
                    self.pause_until = now + (max(pause, WATCH_PAUSE_SECONDS) if watched else pause)
                    for seat in self.seats:
                        seat.ready = False
                waiting = [s for s in self.seats if s.member is not None and not s.ready]
                if now < self.pause_until and (waiting or watched):
                    break
                self.pause_until = None
                self.save(in_deal=True)
                reseed(self.stand_ins, match.seed, game.deal_no + 1)
                events += match.start_deal()
                continue
            to_act = game.to_act
            assert to_act is not None
            ai = to_act in match.agents
            here = not ai and self.seats[to_act].member is not None
            if here and self.turn_until is None:
                self.turn_until = now + self.settings.turn_seconds
            if here and self.turn_until is not None and now < self.turn_until:
                break
            # The AI moves next (its own seat, or a person away or out of time). No table may hold
            # the loop: after a budget of moves or time, or at a spectator's pace, it gives the
            # loop back and its server calls it again at resume_at.
            if self.resume_at is not None:
                break
            if watched and moves:
                self.resume_at = now + WATCH_PACE_SECONDS
                break
            if moves >= AI_MOVES_PER_TURN or time.perf_counter() - started > AI_SECONDS_PER_TURN:
                self.resume_at = now
                break
            moves += 1
            if ai:
                events += match.ai_act()[1]
                continue
            self.turn_until = None
            action = self.stand_ins[to_act].choose(game.view_for(to_act))
            events += game.apply(action)
            self._played_for(PlayedFor(to_act, action, StandIn.TIME if here else StandIn.AWAY))
        if self.ended is None:
            self.ended = next((e for e in events if isinstance(e, GameEnded)), None)
        if game.phase is Phase.OVER and self.over_at is None:
            self.over_at = now
            self.save(in_deal=False)
        return events

    def _played_for(self, move: PlayedFor) -> None:
        """The computer played ``move`` for a person: told in this run's update when they are here
        (out of time), else kept to tell them when they come back (the latest few)."""
        if move.why is StandIn.TIME:
            self._played.append(move)
            return
        missed = self.missed.setdefault(move.seat, [])
        missed.append(move)
        del missed[:-MAX_PLAYED_FOR]

    def advance(self, now: float, events: list[Event] | None = None,
                actor: Member | None = None, ref: int | None = None) -> None:
        """Play on from ``events`` (just played), then tell everyone what changed."""
        if self.match is None:
            return
        self._played = []
        events = self._run(now, list(events or []))
        if events:
            self._send_update(events, actor, ref)
        self._played = []
        self._send_clocks(now)

    def _last_deal(self) -> LastDeal | None:
        """The latest deal settled, as a sync tells it (None before the first)."""
        assert self.match is not None
        log = self.match.game.log
        if not log:
            return None
        rec = log[-1]
        won = sum(t.amount for t in rec.transfers if t.reason is Reason.FARM and t.source == "farm")
        return LastDeal(rec.deal, rec.farmer, rec.winner, rec.nearest, won)

    def _redealt(self) -> int | None:
        """The deal dealt again after a restart, while it is still to be settled."""
        assert self.match is not None
        game = self.match.game
        if self.redealt is None or game.deal_no > self.redealt or (
                game.deal_no == self.redealt and not game.mid_deal):
            return None
        return self.redealt

    def _send_update(self, events: list[Event], actor: Member | None, ref: int | None,
                     only: Member | None = None) -> None:
        assert self.match is not None
        game = self.match.game
        self.seq += 1
        # A sync (no events) is a whole state: with it, the chips of every deal so far.
        sync = not events
        history = tuple(map(tuple, self._chips_history())) if sync else None
        # A whole state says, too, what a newcomer (or someone back) could not have seen.
        redealt, last, ended = (self._redealt(), self._last_deal(), self.ended) if sync else \
            (None, None, None)
        for index, seat in enumerate(self.seats):
            member = seat.member
            if member is None or (only is not None and member is not only):
                continue
            # The moves played for this seat alone: another's stand is its own secret.
            played = tuple(self.missed.pop(index, [])) if sync else \
                tuple(p for p in self._played if p.seat == index)
            update = Update(self.seq, tuple(observe(events, index)), game.view_for(index),
                            ref if member is actor else None, sync, history, played, redealt, last, ended)
            member.send(_dumps(update))
        watchers = [m for m in self.spectators if only is None or m is only]
        if watchers:
            text = _dumps(Update(self.seq, tuple(observe(events, None)), game.view_for(None),
                                 None, sync, history, (), redealt, last, ended))
            for member in watchers:
                member.send(text)

    def _chips_history(self) -> list[list[int]]:
        """Every seat's chips at the game's start and after each deal, from the game's deal log."""
        assert self.match is not None
        game = self.match.game
        log = game.log
        if not log:
            # No deal settled yet: the game's start is what every seat was given.
            return [[self.settings.chips] * game.n_seats]
        return [list(log[0].chips_before), *(list(rec.chips_after) for rec in log)]

    def _send_clocks(self, now: float, force: bool = False) -> None:
        assert self.match is not None
        game = self.match.game
        pause: tuple[Any, ...] | None = None
        if game.phase is Phase.BETWEEN and self.pause_until is not None:
            waiting = tuple(i for i, s in enumerate(self.seats) if s.member is not None and not s.ready)
            pause = (game.deal_no + 1, self.pause_until, waiting)
            if pause != self._sent_pause or force:
                self._broadcast_text(_dumps(Pause(pause[0], round(max(0.0, self.pause_until - now), 3),
                                                  waiting)))
        self._sent_pause = pause
        turn: tuple[Any, ...] | None = None
        if game.to_act is not None and self.turn_until is not None:
            turn = (game.to_act, self.turn_until)
            if turn != self._sent_turn or force:
                self._broadcast_text(_dumps(Turn(game.to_act, round(max(0.0, self.turn_until - now), 3))))
        self._sent_turn = turn

    def saved(self, ok: bool) -> None:
        """The server says whether it could write this table's file just now; everyone at the table
        is told when that changes (``unsaved`` in the ``table`` message), so that a failed save is
        said, in each person's language, until a save works."""
        if self.unsaved != ok:
            return
        self.unsaved = not ok
        self._broadcast_text(_dumps(self.info()))

    def _broadcast_text(self, text: str) -> None:
        for seat in self.seats:
            if seat.member is not None:
                seat.member.send(text)
        for member in self.spectators:
            member.send(text)

    def _changed(self, now: float, newcomer: Member | None = None) -> None:
        """Membership changed: tell everyone, bring ``newcomer`` up to date, play on if that unblocks."""
        self.idle_since = None if self._any_member() else now
        self._broadcast_text(_dumps(self.info()))
        if self.match is None:
            self.save(in_deal=False)
            return
        if newcomer is not None:
            # The whole state (an update with no events, marked sync), then the clocks.
            self._send_update([], None, None, only=newcomer)
            self._send_clocks(now, force=True)
        self.advance(now)

    def _any_member(self) -> bool:
        return bool(self.spectators) or any(s.member is not None for s in self.seats)

    # ------------------------------------------------------------------ time

    def next_deadline(self) -> float | None:
        """When :meth:`tick` should next be called (None: nothing is timed)."""
        times = [t for t in (self.pause_until, self.turn_until, self.resume_at) if t is not None]
        if self.idle_since is not None:
            linger = ABANDONED_SECONDS if self.started else self.lobby_linger
            times.append(self.idle_since + linger)
        if self.over_at is not None:
            times.append(self.over_at + OVER_LINGER_SECONDS)
        return min(times) if times else None

    def tick(self, now: float) -> None:
        """Time has passed: start the deal whose pause ran out, let the AI move for a person out of time."""
        if self.over_at is not None and now >= self.over_at + OVER_LINGER_SECONDS and not self._any_member():
            self.closed = True
            return
        if self.idle_since is not None:
            linger = ABANDONED_SECONDS if self.started else self.lobby_linger
            if now >= self.idle_since + linger:
                self.closed = True
                return
        self.advance(now)

    # ------------------------------------------------------------------ saving

    def save(self, in_deal: bool) -> None:
        """Ask the server to save this table (between deals; ``in_deal``: a deal is about to start)."""
        self.in_deal = in_deal
        if self._save is not None:
            self._save(self)

    in_deal = False

    def saved_file(self) -> SavedTable:
        """The table as its saved file holds it: settings, seats (token hashes, never tokens) and the
        game saved without its secrets."""
        return SavedTable(
            self.code,
            self.settings,
            tuple(SavedSeat(s.name, s.person, s.token_hash, s.host) for s in self.seats),
            self.in_deal,
            self.over,
            # Neither the seed, the generator's state nor a deal in progress's cards: the file must
            # not tell the cards of any deal not over (a deal in progress is dealt again on resuming).
            self.match.snapshot(keep_secrets=False) if self.match is not None else None,
        )

    def to_json(self) -> Json:
        """The table's saved file as JSON (see :meth:`saved_file`)."""
        return self.saved_file().to_json()

    @classmethod
    def from_json(
        cls, doc: Any, now: float, save: Callable[[HostedTable], None] | None = None
    ) -> HostedTable:
        """A table from its saved file; ``SaveError`` saying what is wrong with a bad one (and nothing else).

        A game saved as a deal was starting resumes before that deal, which is dealt again
        from a fresh shuffle: whoever saw the interrupted deal's cards must not know the next.
        Every deal after the resumption is drawn from a generator the system seeded afresh (the
        file keeps neither seed nor generator state), so reading the file tells no deal to come.
        """
        try:
            table = cls._from_json(doc, now, save)
            if table.match is not None:
                # What a member will be sent must be made from it: a table that cannot say its
                # state would be stuck for good once resumed.
                game = table.match.game
                encode_history(table._chips_history())
                for seat in [None, *range(game.n_seats)]:
                    encode_view(game.view_for(seat))
            json.dumps(table.to_json())
        except SaveError:
            raise
        except Exception as exc:  # a saved file is anyone's: whatever it breaks is that file's fault
            why = f"{type(exc).__name__}: {str(exc)[:200]}"
            raise SaveError(f"the saved table cannot be played on ({why})") from None
        return table

    @classmethod
    def _from_json(cls, doc: Any, now: float, save: Callable[[HostedTable], None] | None) -> HostedTable:
        saved = SavedTable.from_json(doc)
        table = cls(saved.code, saved.settings, now, save)
        for seat, kept in zip(table.seats, saved.seats, strict=True):
            seat.name, seat.person = kept.name, kept.person
            seat.token_hash, seat.host = kept.token_hash, kept.host
        if saved.game is not None:
            restored = restore(saved.game, resume_deal=False)  # before a deal it was saved in
            game, players = restored.game, restored.players
            # Whatever the file says of a generator (an older file kept its state) is not used: the
            # deals to come are drawn afresh, and the AIs' streams too (a seed the host chose stays).
            game.rng.seed(secrets.randbits(256))
            seed = saved.settings.seed if saved.settings.seed is not None else secrets.randbelow(2**31)
            table.match = Match(game, players, seed=seed)
            table._make_stand_ins()
            table._saved_deal = game.deal_no
            if saved.in_deal and not game.is_over:
                table.redealt = game.deal_no + 1  # its first dealing went with the server
        return table
