"""Pass-and-play: several people at one screen, each seeing their own cards only in their own moment."""

from __future__ import annotations

import pytest
from helpers import DT, local_of

from game.formats.savegame import restore
from game.play.match import HUMAN
from scenes.app.loop import App
from scenes.navigator import start_game
from scenes.store.settings import Settings
from scenes.table.local import LocalTable, resume_table
from scenes.table.pass_screen import PassScene
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import is_you
from tools.driver import keys_for, table_of


def faces(scene: TableScene, seat: int) -> list[object]:
    return [sprite.card for sprite in scene.table.seats[seat].hand if sprite.card is not None]


@pytest.mark.parametrize("rules", ["foster", "ferme", "lacombe"])
def test_each_person_sees_only_their_own_cards_and_only_in_their_moment(rules: str) -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    setup = Setup(["Anne", "Bastien", "Claire", "Dieter"], ["normal"] * 4, rules, False, 3, 12, 0, (2,))
    start_game(app, setup)
    app.step(DT, [])
    passes = 0
    checked = 0
    own = 0
    for _ in range(30000):
        scene = table_of(app)
        session = local_of(scene)
        top = app.stack.top
        if isinstance(top, PassScene):
            passes += 1
            # Handing over: every hand lies face down, nobody's moment has begun, and no plate
            # says what only its person may know (a bust, a stand).
            assert session.looking is None
            assert all(not faces(scene, seat) for seat in range(session.facts.n))
            for seat in session.facts.people:
                status = scene.table.seats[seat].status
                assert status is None or status() not in ("Over 16", "Stand"), status()
        elif top is scene and scene.stage.value in ("auction", "deal"):
            for seat in range(session.facts.n):
                if seat != session.looking:
                    assert not faces(scene, seat), (seat, session.looking)
            checked += 1
            viewer = session.looking
            if scene.stage.value == "deal" and viewer is not None and scene.handler.prompt is not None:
                # In their own moment the person sees every card of their own hand.
                assert len(faces(scene, viewer)) == len(scene.table.seats[viewer].hand) > 0
                own += 1
        if top is scene and scene.name == "gameover":
            break
        app.step(DT, keys_for(app))
    assert table_of(app).name == "gameover"
    assert passes >= 2 and checked > 20 and own >= 2
    assert session.facts.people == {0, 2} and session.facts.shared


def test_a_pass_and_play_game_is_saved_and_continued_with_its_people() -> None:
    setup = Setup(["Anne", "Bastien", "Claire"], ["normal"] * 3, "foster", False, 4, 5, 0, (1,))
    session = LocalTable.start(setup)
    assert session.players == [HUMAN, HUMAN, "normal:bold"]
    saved = session.save_document()
    assert saved is not None
    resumed = resume_table(restore(saved))
    assert resumed.facts.people == {0, 1} and resumed.facts.shared
    assert resumed.facts.setup is not None and resumed.facts.setup.people == (1,)


def test_the_table_speaks_of_everyone_by_name_when_several_share_the_screen() -> None:
    setup = Setup(["Anne", "Bastien", "Claire"], ["normal"] * 3, "foster", False, 4, 5, 0, (1,))
    session = LocalTable.start(setup)
    assert session.facts.eyes is None
    assert not is_you(session, 0) and not is_you(session, 1)
    session.look(1)
    assert is_you(session, 1) and not is_you(session, 0)
