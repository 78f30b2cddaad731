"""The simulator CLI: agents from specs, bad flags exit 2, its log checks out and matches its summary."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from game.ai import specs
from game.ai.specs import agent_kinds, parse_agent, register_agent_kind
from game.formats.deallog import check_file, read_log
from game.play.sim import default_specs, main
from game.rules.actions import STAND, Action
from game.rules.agents import Agent, ThresholdAgent
from game.rules.view import View


def make_agent(spec: str) -> Agent:
    """The agent the simulator makes for ``spec`` (seed 0 unless the spec names one)."""
    return parse_agent(spec, 0)

ROOT = Path(__file__).resolve().parent.parent


def test_make_agent_reads_threshold_specs() -> None:
    agent = make_agent("threshold:13")
    assert isinstance(agent, ThresholdAgent) and agent.threshold == 13 and agent.share == 0.5
    agent = make_agent("threshold:11:0.25")
    assert isinstance(agent, ThresholdAgent) and (agent.threshold, agent.share) == (11, 0.25)
    assert isinstance(make_agent("threshold"), ThresholdAgent)


@pytest.mark.parametrize(
    ("spec", "words"),
    [("robot:3", "unknown agent kind 'robot'"), ("threshold:x", "whole number"),
     ("threshold:40", "between 1 and 17"), ("threshold:12:0.5:9", "too many")],
)
def test_make_agent_refuses_bad_specs(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec)


def test_new_agent_kinds_can_be_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stander:
        def choose(self, view: View) -> Action:
            return STAND

    def factory(params: Sequence[str], seed: int | None) -> Agent:
        return Stander()

    # Register into a copy so that the kind does not outlive this test.
    monkeypatch.setattr(specs, "_KINDS", dict(specs._KINDS))
    register_agent_kind("stander", factory, "stander")
    assert isinstance(make_agent("stander"), Stander)
    assert "stander" in agent_kinds() and "threshold" in agent_kinds()


def thresholds(specs: list[str]) -> list[int]:
    """The thresholds of the threshold agents that ``specs`` make."""
    agents = [make_agent(spec) for spec in specs]
    return [a.threshold for a in agents if isinstance(a, ThresholdAgent)]


def test_default_players_vary_per_seat_but_follow_the_seed() -> None:
    specs = default_specs(8, 5)
    assert specs == default_specs(8, 5)
    assert len(thresholds(specs)) == 8
    assert all(11 <= t <= 15 for t in thresholds(specs)) and len(set(specs)) > 1
    assert set(thresholds(default_specs(8, 5, threshold=12))) == {12}


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "2"], "--players must be from 3 to 10"),
        (["--players", "11"], "--players must be from 3 to 10"),
        (["--deals", "0"], "--deals must be from 1 to 100, not 0"),
        (["--deals", "101"], "--deals must be from 1 to 100, not 101"),
        (["--games", "-1"], "--games must be at least 1"),
        (["--rules", "bridge"], "unknown rule set 'bridge'"),
        (["--rules", "ferme", "--rotating"], "rotating farm is an option of foster and lacombe"),
        (["--threshold", "30"], "--threshold must be from 1 to 17"),
        (["--players", "three"], "invalid int value"),
        (["--colour", "red"], "unrecognized arguments"),
        (["--agent", "robot"], "unknown agent kind"),
        (["--players", "4", "--agent", "threshold", "--agent", "threshold"], "once per seat (4)"),
    ],
)
def test_bad_flags_exit_2_with_a_one_line_message(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main([*argv, "--deals", "1"] if "--deals" not in argv else argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert words in err
    assert len(err.strip().splitlines()) == 1


def test_unwritable_log_path_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--deals", "1", "--log", str(tmp_path / "missing" / "out.jsonl")])
    assert info.value.code == 2
    assert "cannot write the log" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main(["--deals", "1", "--log", str(tmp_path)])  # a directory
    assert info.value.code == 2


def summary_numbers(out: str) -> dict[str, list[float]]:
    """The numbers of each ``name: ...`` line of the printed summary."""
    numbers: dict[str, list[float]] = {}
    for line in out.splitlines():
        name, _, rest = line.partition(": ")
        numbers[name] = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", rest)]
    return numbers


@pytest.mark.parametrize(
    "args",
    [
        "--rules foster --players 6 --deals 60 --games 4 --seed 3 --chips 30",
        "--rules lacombe --rotating --players 3 --deals 40 --games 3 --chips 8",
        "--rules ferme --players 10 --deals 25 --games 2 --threshold 12",
    ],
)
def test_run_writes_a_log_the_checker_accepts_and_the_summary_matches_it(
    args: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = args.split()
    log = tmp_path / "run.jsonl"
    assert main([*argv, "--log", str(log)]) == 0
    numbers = summary_numbers(capsys.readouterr().out)
    games = read_log(log)
    assert check_file(log) == (len(games), sum(len(g) for g in games))

    records = [rec for game in games for rec in game]
    totals = [
        sum(c.points for c in rec.hands[seat]) for rec in records for seat in rec.order
    ]
    won = sum(rec.winner is not None for rec in records)
    sixteen_deals = sum(
        any(sum(c.points for c in rec.hands[s]) == 16 for s in rec.order) for rec in records
    )
    assert numbers["games"] == [len(games)]
    assert numbers["deals played"] == [len(records)]
    assert numbers["farm won"][:2] == [won, len(records)]
    assert numbers["bust rate"][:2] == [sum(t > 16 for t in totals), len(totals)]
    assert numbers["16 made"][:2] == [sixteen_deals, len(records)]
    assert numbers["16 made"][3:5] == [sum(t == 16 for t in totals), len(totals)]
    players = len(records[0].seats)
    means = [sum(g[-1].chips_after[s] for g in games) / len(games) for s in range(players)]
    assert numbers["mean chips at the end"] == pytest.approx(means, abs=0.051)
    assert numbers["deals/second"][0] > 0
    # No game is longer than --deals, and each stops at --deals unless it ran out of players.
    limit = int(argv[argv.index("--deals") + 1])
    for game in games:
        assert len(game) <= limit
        if len(game) < limit:
            assert sum(c > 0 for c in game[-1].chips_after) < 3


def test_same_seed_gives_the_same_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--rules", "lacombe", "--players", "5", "--deals", "30", "--games", "2", "--seed", "9"]
    main([*argv, "--log", str(tmp_path / "a.jsonl")])
    main([*argv, "--log", str(tmp_path / "b.jsonl")])
    main([*argv[:-1], "10", "--log", str(tmp_path / "c.jsonl")])
    capsys.readouterr()
    a, b, c = ((tmp_path / f"{x}.jsonl").read_text() for x in "abc")
    assert a == b and a != c


def test_module_runs_from_the_command_line(tmp_path: Path) -> None:
    log = tmp_path / "cli.jsonl"
    ok = subprocess.run(
        [sys.executable, "-m", "game.play.sim", "--players", "4", "--deals", "5", "--log", str(log)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert ok.returncode == 0, ok.stderr
    assert "deals played:" in ok.stdout and log.exists()
    bad = subprocess.run(
        [sys.executable, "-m", "game.play.sim", "--players", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "python -m game.play.sim: error: --players must be from 3 to 10, not 2 (see --help)"
    ]
    checked = subprocess.run(
        [sys.executable, "-m", "game.formats.deallog", str(log)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert checked.returncode == 0 and "ok" in checked.stdout
