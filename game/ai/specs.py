"""Agent specs: one parser for the text that names a player, everywhere it is written.

A spec is a kind, then its parameters, separated by ``:``:

- ``LEVEL[:PERSONALITY[:SEED]]``: an AI of :data:`~game.ai.levels.LEVELS` (``easy``,
  ``normal``, ``expert``) with a personality (``steady`` when left out). A seed written in
  the spec wins over the one the caller gives. Saved games write ``LEVEL:PERSONALITY``.
- ``threshold[:T[:SHARE]]``: a :class:`~game.rules.agents.ThresholdAgent` standing from ``T``
  points (13) and bidding up to ``SHARE`` of the farm (0.5).
- ``never``, ``breakeven``, ``shill``, ``outbid``, ``poison``, ``collude`` (``[:SEED]``): the
  exploiters of :mod:`game.ai.exploiters`, who play their cards as the Expert does and bid
  otherwise (never; up to the break-even price of a table of Experts; the Experts up to just
  below their limit; a chip above it), mislead the Experts first, or never bid against a partner.

The simulator, the tournament and the screens read specs through :func:`parse_agent`; new
kinds are added with :func:`register_agent_kind`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.expert import ExpertAgent
from game.ai.exploiters import BreakEvenBidder, Colluder, NeverBidder, Outbidder, Poisoner, Shill
from game.ai.levels import LEVELS, make_agent
from game.ai.personality import DEFAULT_PERSONALITY, PERSONALITIES, personality_named
from game.rules.agents import Agent, ThresholdAgent

AgentFactory = Callable[[Sequence[str], int | None], Agent]
"""Makes an agent from a spec's parameters (the parts after the kind) and a seed (None: any)."""


@dataclass(frozen=True, slots=True)
class AgentKind:
    """A kind of agent a spec may name."""

    make: AgentFactory
    """Makes the agent from the spec's parameters and a seed; ``ValueError`` for bad ones."""
    usage: str
    """The form of the spec, for messages and ``--help``."""


_KINDS: dict[str, AgentKind] = {}


def register_agent_kind(kind: str, factory: AgentFactory, usage: str) -> None:
    """Make ``kind:…`` specs create agents with ``factory``; ``usage`` shows the spec's form."""
    _KINDS[kind] = AgentKind(factory, usage)


def agent_kinds() -> dict[str, str]:
    """The known agent kinds and the form of their specs."""
    return {kind: entry.usage for kind, entry in _KINDS.items()}


def parse_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent ``spec`` names (``expert``, ``normal:bold``, ``threshold:13:0.4``), seeded with ``seed``.

    Raises ``ValueError`` with a readable message for an unknown kind or bad parameters.
    """
    kind, *params = spec.strip().split(":")
    entry = _KINDS.get(kind)
    if entry is None:
        raise ValueError(f"unknown agent kind {kind!r} in {spec!r} (known: {', '.join(sorted(_KINDS))})")
    try:
        return entry.make(params, seed)
    except ValueError as exc:
        raise ValueError(f"bad agent spec {spec!r}: {exc}; the form is {entry.usage}") from None


def _threshold_agent(params: Sequence[str], seed: int | None) -> Agent:
    if len(params) > 2:
        raise ValueError("too many parameters (threshold:T:SHARE)")
    try:
        threshold = int(params[0]) if params and params[0] else 13
        share = float(params[1]) if len(params) > 1 else 0.5
    except ValueError:
        raise ValueError("T must be a whole number and SHARE a number") from None
    return ThresholdAgent(threshold, share)


def _level_factory(level: str) -> AgentFactory:
    """A factory for the AI ``level``: ``LEVEL[:PERSONALITY[:SEED]]``."""

    def factory(params: Sequence[str], seed: int | None) -> Agent:
        if len(params) > 2:
            raise ValueError(f"too many parameters ({level}:PERSONALITY:SEED)")
        mood = params[0] if params and params[0] else DEFAULT_PERSONALITY
        if len(params) > 1:
            try:
                seed = int(params[1])
            except ValueError:
                raise ValueError("SEED must be a whole number") from None
        return make_agent(level, mood, seed)

    return factory


def _exploiter_factory(kind: type[ExpertAgent]) -> AgentFactory:
    """A factory for an exploiter: ``KIND[:SEED]``."""

    def factory(params: Sequence[str], seed: int | None) -> Agent:
        if len(params) > 1:
            raise ValueError(f"too many parameters ({kind.level}:SEED)")
        if params and params[0]:
            try:
                seed = int(params[0])
            except ValueError:
                raise ValueError("SEED must be a whole number") from None
        return kind(personality_named(DEFAULT_PERSONALITY), seed)

    return factory


register_agent_kind(
    "threshold", _threshold_agent, "threshold[:T[:SHARE]] (stand from T points, bid up to SHARE of the farm)"
)
for _level in LEVELS:
    register_agent_kind(
        _level, _level_factory(_level),
        f"{_level}[:PERSONALITY[:SEED]] (the {_level} AI; personality {'/'.join(PERSONALITIES)})",
    )
for _kind, _what in (
    (NeverBidder, "plays like the Expert, never bids"),
    (BreakEvenBidder, "plays like the Expert, bids up to the break-even price of a table of Experts"),
    (Shill, "plays like the Expert, bids the Experts up to just below their limit"),
    (Outbidder, "plays like the Expert, bids a chip above the Experts' limit"),
    (Poisoner, "reckless in a game's first deals to mislead the Experts, then the Expert"),
    (Colluder, "plays and bids like the Expert, never against a partner (a seat of the same spec)"),
):
    register_agent_kind(_kind.level, _exploiter_factory(_kind), f"{_kind.level}[:SEED] ({_what})")
