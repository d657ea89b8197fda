"""Issue 26, the presenter in a room and on a stream, headless: the end screen (winner in
the narration, coins in large type, the chart, one key and one button to start again),
bot turns paced in shown steps (a run of small steps is one), autoplay at the pace, the
viewer's pace and its smaller end screen, *save game* inside the workspace, and the
overlay's settings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from swlab.cli import CommandError, _present_settings, build_parser
from swlab.game.game import Game
from swlab.rules.actions import Action
from swlab.rules.engine import is_over, legal_actions
from swlab.rules.state import GameState

pytest.importorskip("ipyleaflet")

from swlab.bots import make_bot
from swlab.play.controller import GameController
from swlab.play.pacing import SMALL_STEPS, play_shown_step
from swlab.play.present import OVERLAY_KEYS, Presenter
from swlab.play.viewer import GameViewer


def press(p: Presenter, key: str) -> None:
    """One key press as the browser sends it."""
    p.keys._handle_custom_msg({"key": key}, [])


def finished(tmp_path: Path, **kwargs: object) -> Presenter:
    game = Game("official_2p", ["Ann", "Bot"], seed=7)
    p = Presenter(game, bots={1: "greedy"}, pace=0.5, workspace=tmp_path, **kwargs)  # type: ignore[arg-type]
    p.controller.autoplay()
    p.refresh()
    return p


# --- the end screen (R-FLOW-3) ----------------------------------------------------------------
def test_the_end_screen_names_the_winner_in_the_narration_and_shows_coins_large(
    tmp_path: Path,
) -> None:
    p = finished(tmp_path)
    state = p.controller.state
    text, chart = p.end_screen.children
    assert p.narration.value.startswith("Game over: ") and "wins with" in p.narration.value
    assert "redeploys" not in p.narration.value
    assert p.narration.value in text.value  # the same winner on the screen
    coins = re.findall(r"class='swlab-end-coins'>(\d+) ", text.value)
    assert sorted(map(int, coins)) == sorted(pl.coins for pl in state.players)
    for pl in state.players:
        assert pl.name in text.value
    assert "tie" in text.value.lower() and "R: a new game" not in text.value
    assert chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert p.viewer.widget.layout.display == "none"  # the board makes room for the end
    assert "swlab-end-large" in p.end_screen._dom_classes


def test_one_key_or_the_button_starts_a_new_game_at_the_end(tmp_path: Path) -> None:
    p = finished(tmp_path)
    old_seed = p.controller.state.seed
    press(p, "r")
    c = p.controller
    assert not is_over(c.state) and c.index == 0 and c.state.seed == old_seed + 1
    assert [pl.name for pl in c.state.players] == ["Ann", "Bot"]
    assert p.end_screen.children == () and p.viewer.widget.layout.display is None
    c.autoplay()
    p.refresh()
    p.again_button.click()
    assert c.index == 0 and not p.end_screen.children


def test_start_again_before_the_end_changes_nothing_and_says_why(tmp_path: Path) -> None:
    p = Presenter(Game("official_2p", ["Ann", "Bot"], seed=7), bots={1: "greedy"})
    p.viewer.button("pick 0").click()
    index = p.controller.index
    press(p, "r")
    assert p.controller.index == index
    assert "not over" in p.narration.value


# --- pacing: shown steps ------------------------------------------------------------------
class Placer:
    """A bot that redeploys one token at a time (place, place, ..., done)."""

    name = "placer"

    def __init__(self) -> None:
        self.greedy = make_bot("greedy", 3)

    def choose(self, state: GameState) -> Action:
        legal = legal_actions(state)
        for verb in ("place", "done"):
            found = [a for a in legal if a.verb == verb]
            if found:
                return found[0]
        return self.greedy.choose(state)


def ticks_of_a_game(bots: dict[int, object], seed: int) -> list[list[str]]:
    c = GameController(Game("official_2p", ["A", "B"], seed=seed), bots=bots)  # type: ignore[arg-type]
    ticks = []
    while results := play_shown_step(c):
        ticks.append([r.action.verb for r in results if r.action is not None])
    assert is_over(c.state)
    return ticks


def test_a_run_of_amazon_withdrawals_is_one_shown_step() -> None:
    """R-RACE-AMAZONS: seed 7's greedy Amazons withdraw 4 tokens at a time; each run is one
    tick (4 ticks before), and no tick holds more than one step that is not small."""
    ticks = ticks_of_a_game({0: "greedy", 1: "greedy"}, 7)
    runs = [t for t in ticks if "withdraw" in t]
    assert runs and all(t == ["withdraw"] * 4 for t in runs)
    actions = sum(map(len, ticks))
    assert actions - len(ticks) == sum(len(t) - 1 for t in runs) == 12
    for t in ticks:
        assert all(v in SMALL_STEPS for v in t[:-1]), t


def test_a_redeployment_token_by_token_is_one_shown_step() -> None:
    """R-REDEPLOY-1: a bot that places one token at a time: its placements and its done
    are one tick."""
    ticks = ticks_of_a_game({0: Placer(), 1: Placer()}, 7)
    placing = [t for t in ticks if "place" in t]
    assert placing and max(len(t) for t in placing) >= 3
    for t in placing:
        assert all(v in SMALL_STEPS for v in t[:-1]) and t[-1] in ("done", "place"), t
    folded = sum(t.count("place") for t in placing if t[-1] == "done")
    assert sum(map(len, ticks)) - len(ticks) >= folded > 10  # each placement folded in


def test_autoplay_follows_the_pace() -> None:
    p = Presenter(Game("official_2p", ["Ann", "Bot"], seed=7), bots={1: "greedy"}, pace=0.5)
    c = p.controller
    p.viewer.autoplay_button.click()
    p.viewer.question_buttons[0].click()  # "all": the bots play Ann's seat too
    assert c.index == 0 and c.autoplaying  # nothing played at once
    assert p.player.playing and p.player.interval == 500
    p.pace.value = 2.0
    assert p.player.interval == 2000
    for _ in range(3):
        p.player.value += 1  # the browser's clock
    assert 3 <= c.index <= 3 * 60


def test_the_viewer_offers_the_pace_for_bot_turns() -> None:
    v = GameViewer(Game("official_2p", ["Ann", "Bot"], seed=7), bots={1: "greedy"})
    assert v.clock.pace.value == 0 and v.clock.pace.description == "pace (s)"
    v.clock.pace.value = 1.0
    v.button("pick 0").click()
    v.button("end").click()
    v.button("done").click()
    c = v.controller
    assert c.is_bot_seat(c.state.turn.actor)  # the bot did not move at once
    assert v.clock.player.playing and v.clock.player.interval == 1000
    index = c.index
    v.clock.player.value += 1
    assert c.index > index  # one shown step per tick


# --- the viewer's end screen --------------------------------------------------------------
def test_the_viewers_game_over_is_the_end_screen_at_the_top_of_the_panel() -> None:
    v = GameViewer(Game("official_2p", ["Ann", "Bob"], seed=7))
    assert not v.end_box.children
    v.controller.autoplay()
    v.refresh()
    children = list(v.panel.children)
    assert children.index(v.end_box) <= 2  # under the status line (and the guide)
    text, chart = v.end_box.children
    assert "Game over" in text.value and "swlab-end-coins" in text.value
    assert chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert "swlab-end-small" in v.end_box._dom_classes
    v._on_undo()
    assert not v.end_box.children


# --- save game ----------------------------------------------------------------------------
def test_save_game_writes_the_record_inside_the_workspace(tmp_path: Path) -> None:
    workspace = tmp_path / "room"
    p = Presenter(
        Game("official_2p", ["Ann", "Bot"], seed=7), bots={1: "greedy"}, workspace=workspace
    )
    p.viewer.button("pick 0").click()
    first = p.save_game()
    press(p, "s")
    saved = sorted(workspace.iterdir())
    assert first.ok and len(saved) == 2 and first.saved in [path.name for path in saved]
    for path in saved:
        assert path.parent == workspace and re.fullmatch(r"game-[\d-]+\.json", path.name)
        assert Game.from_record(path).state == p.controller.state
    assert "Done: save game" in p.saved.value
    assert sorted(tmp_path.iterdir()) == [workspace]  # nothing beside it


def test_save_game_with_file_boxes_off_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWLAB_FILE_BOXES", "off")
    monkeypatch.setenv("SWLAB_WORKSPACE", str(tmp_path))
    p = Presenter(Game("official_2p", ["Ann", "Bot"], seed=7), bots={1: "greedy"})
    outcome = p.save_game()
    assert not outcome.ok and "turned off" in p.saved.value and not list(tmp_path.iterdir())


# --- the overlay --------------------------------------------------------------------------
@pytest.mark.parametrize(("key", "colour"), list(OVERLAY_KEYS.items()))
def test_the_overlay_has_its_background_a_strip_and_no_panel(key: str, colour: str) -> None:
    p = Presenter(Game("official_2p", ["Ann", "Bot"], seed=7), bots={1: "greedy"}, overlay=key)
    assert "swlab-overlay" in p.widget._dom_classes
    assert f"background: {colour} !important" in p.style.value
    assert p.viewer.panel.layout.display == "none"
    assert "Ann" in p.scores.value and "hidden" not in p.scores.value  # no coins (R-SETUP-4)
    p.viewer.reveal_button.value = True
    assert re.search(r"\d+ coins", p.scores.value)
    press(p, "u")  # the same keys


def test_an_unknown_overlay_background_is_refused() -> None:
    with pytest.raises(ValueError, match="'blue' is not an overlay background"):
        Presenter(Game("official_2p", ["Ann", "Bot"], seed=7), overlay="blue")


def test_swlab_present_overlay_settings() -> None:
    def settings(*extra: str) -> dict[str, object]:
        args = build_parser().parse_args(["present", "official_2p", *extra])
        return dict(json.loads(json.dumps(_present_settings(args))))

    assert settings()["overlay"] is None
    assert settings("--overlay")["overlay"] == "transparent"
    assert settings("--overlay", "--key", "green")["overlay"] == "green"
    with pytest.raises(CommandError, match="add --overlay"):
        settings("--key", "magenta")
    with pytest.raises(SystemExit):
        settings("--overlay", "--key", "blue")
