"""The file boxes stay in the workspace: the rules of :mod:`swlab.workspace` and the panels.

Whatever is typed in a file box of the viewer or the editor names a file inside the
workspace folder, or is refused with one line in the panel: absolute paths, ``~``, ``..``,
links out, notebooks and code, devices and FIFOs. An existing file is replaced only after
"replace"; a failed save says so. The host can switch every file box off.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swlab.play.viewer import GameViewer
from swlab.workspace import ENV_FILE_BOXES, ENV_WORKSPACE, FileBox, Workspace, WorkspaceError

SECRET = "root-password-hash"


@pytest.fixture
def place(tmp_path: Path) -> dict[str, Path]:
    """A workspace, and beside it (outside) a notebook, a secret and a folder."""
    ws = tmp_path / "swlab-files"
    ws.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text(f"title: {SECRET}\n", encoding="utf-8")
    (tmp_path / "lesson.ipynb").write_text("{}", encoding="utf-8")
    os.symlink(outside / "secret.yaml", ws / "link_out.yaml")
    os.symlink(outside, ws / "folder_out")
    os.symlink("/dev/zero", ws / "zero.yaml")
    os.mkfifo(ws / "pipe.yaml")
    os.mkfifo(ws / "pipe.json")
    (ws / "notes.ipynb").write_text("{}", encoding="utf-8")
    return {"root": tmp_path, "ws": ws, "outside": outside}


#: (typed name, kind, text of the refusal)
REFUSED = [
    ("/etc/passwd.json", "record", "not a path"),
    ("~/game.json", "record", "not a path"),
    ("C:\\game.json", "record", "not a path"),
    ("../lesson.ipynb", "record", "'..' is not allowed"),
    ("../outside/secret.yaml", "scenario", "'..' is not allowed"),
    ("a/../../game.json", "record", "'..' is not allowed"),
    ("link_out.yaml", "scenario", "a link leads out of the workspace"),
    ("folder_out/secret.yaml", "scenario", "a link leads out of the workspace"),
    ("zero.yaml", "scenario", "a link leads out of the workspace"),
    ("pipe.yaml", "scenario", "is not a regular file (a device or a FIFO)"),
    ("notes.ipynb", "record", "file boxes never touch notebooks or code"),
    ("tool.py", "scenario", "file boxes never touch notebooks or code"),
    (".hidden.json", "record", "use letters, digits"),
    ("game.exe.txt.sh", "record", "never touch notebooks or code"),
    ("game.png", "record", "a record file ends in .json or .txt"),
    ("", "record", "type a file name"),
    ("new_folder/game.json", "record", "no such folder in the workspace"),
    ("x" * 300 + ".json", "record", "at most 200 characters"),
]


@pytest.mark.parametrize(("name", "kind", "text"), REFUSED)
def test_workspace_refuses_names_that_reach_outside(
    place: dict[str, Path], name: str, kind: str, text: str
) -> None:
    ws = Workspace(place["ws"])
    with pytest.raises(WorkspaceError, match=text.replace("(", r"\(").replace(")", r"\)")):
        ws.resolve(name, kind, for_writing=True)
    with pytest.raises(WorkspaceError):
        ws.resolve(name, kind)


def test_workspace_resolves_names_inside(place: dict[str, Path]) -> None:
    ws = Workspace(place["ws"])
    (place["ws"] / "week 2").mkdir()
    assert ws.resolve("game.json", "record", for_writing=True) == place["ws"] / "game.json"
    assert ws.resolve("week 2/a-b_c.yaml", "scenario", for_writing=True).parent.name == "week 2"
    with pytest.raises(WorkspaceError, match="no such file in the workspace"):
        ws.resolve("game.json", "record")  # open: it must exist


def test_the_host_chooses_the_workspace_not_the_page(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_WORKSPACE, raising=False)
    monkeypatch.delenv(ENV_FILE_BOXES, raising=False)
    assert Workspace().root == tmp_path / "swlab-files"
    monkeypatch.setenv(ENV_WORKSPACE, str(tmp_path / "room"))
    assert Workspace().root == tmp_path / "room"
    assert Workspace().enabled
    monkeypatch.setenv(ENV_FILE_BOXES, "off")
    assert not Workspace().enabled
    with pytest.raises(WorkspaceError, match="turned off"):
        Workspace().resolve("game.json", "record", for_writing=True)


def test_a_save_over_a_file_waits_for_replace(place: dict[str, Path]) -> None:
    box = FileBox(Workspace(place["ws"]))
    written: list[Path] = []
    first = box.save("save game", "game.json", "record", lambda p: p.write_text("1"))
    assert first.ok
    again = box.save("save game", "game.json", "record", written.append)
    assert again.confirm and not again.ok and "replace it?" in again.message and not written
    assert not box.cancel().ok and (place["ws"] / "game.json").read_text() == "1"
    box.save("save game", "game.json", "record", written.append)
    assert box.confirm().ok and written == [place["ws"] / "game.json"]


# --- the viewer's panel -----------------------------------------------------------------------


@pytest.fixture
def viewer(place: dict[str, Path]) -> GameViewer:
    return GameViewer("official_2p", players=["Ann", "Bob"], seed=7, workspace=place["ws"])


def panel_line(viewer: GameViewer) -> str:
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", viewer.message.value))


@pytest.mark.parametrize(("name", "kind", "text"), REFUSED)
@pytest.mark.parametrize("button", ["save game", "open game", "save position", "open position"])
def test_viewer_panel_refuses_in_one_line(
    viewer: GameViewer, place: dict[str, Path], name: str, kind: str, text: str, button: str
) -> None:
    before = sorted(p.name for p in place["root"].rglob("*"))
    viewer.path.value = name
    viewer.button(button).click()
    line = panel_line(viewer)
    assert line.startswith(f"Could not {button}: "), line
    assert "\n" not in line and SECRET not in line
    assert sorted(p.name for p in place["root"].rglob("*")) == before  # nothing written


def test_viewer_saves_asks_before_replacing_and_opens(
    viewer: GameViewer, place: dict[str, Path]
) -> None:
    viewer.button("pick 0").click()
    state = viewer.controller.state
    viewer.path.value = "game.json"
    viewer.button("save game").click()
    assert panel_line(viewer) == "Done: save game (game.json)."
    saved = (place["ws"] / "game.json").read_text(encoding="utf-8")
    viewer.undo_button.click()
    viewer.button("save game").click()  # the file exists: ask
    assert "replace it?" in panel_line(viewer)
    assert viewer.confirm_row.layout.display == "flex"
    viewer.keep_button.click()
    assert (place["ws"] / "game.json").read_text(encoding="utf-8") == saved
    assert viewer.confirm_row.layout.display == "none"
    viewer.button("open game").click()
    assert viewer.controller.state == state
    viewer.undo_button.click()
    viewer.button("save game").click()
    viewer.replace_button.click()
    assert panel_line(viewer) == "Done: save game (game.json)."
    assert (place["ws"] / "game.json").read_text(encoding="utf-8") != saved


def test_viewer_errors_leak_no_file_content(viewer: GameViewer, place: dict[str, Path]) -> None:
    """A broken file in the workspace: the panel names the kind of problem, not the text."""
    ws = place["ws"]
    cases = {
        "syntax.yaml": f"board: [{SECRET}\n",
        "key.yaml": f"board: official_2p\nplayers: [Ann, Bob]\n{SECRET}: 1\n",
        "value.yaml": f"board: official_2p\nplayers: [Ann, Bob]\ntitle: [{SECRET}]\n",
        "twice.yaml": f"{SECRET}: 1\n{SECRET}: 2\n",
        "board.yaml": f"board: {SECRET}\nplayers: [Ann, Bob]\n",
        "record.json": f'{{"format": "{SECRET}"}}',
    }
    for name, text in cases.items():
        (ws / name).write_text(text, encoding="utf-8")
        viewer.path.value = name
        viewer.button("open game" if name.endswith(".json") else "open position").click()
        line = panel_line(viewer)
        assert line.startswith("Could not open"), line
        assert SECRET not in line, line
    viewer.path.value = "value.yaml"
    viewer.button("open position").click()
    assert "(at title)" in panel_line(viewer)


def test_viewer_file_box_can_be_switched_off(place: dict[str, Path]) -> None:
    viewer = GameViewer("official_2p", ["Ann", "Bob"], seed=7, workspace=place["ws"],
                        file_boxes=False)  # fmt: skip
    assert not viewer.files.enabled
    assert viewer.path not in _visible(viewer.panel)
    viewer.path.value = "game.json"
    viewer.button("save game").click()
    assert "turned off" in panel_line(viewer)
    assert not (place["ws"] / "game.json").exists()


def _visible(widget: object) -> list[object]:
    out: list[object] = []
    layout = getattr(widget, "layout", None)
    if layout is not None and layout.display == "none":
        return out
    out.append(widget)
    for child in getattr(widget, "children", ()):
        out.extend(_visible(child))
    return out


# --- the editor's panel -----------------------------------------------------------------------


@pytest.fixture
def editor(place: dict[str, Path]):  # type: ignore[no-untyped-def]
    from swlab.editor import MapEditor

    return MapEditor("official_2p", workspace=place["ws"])


def editor_line(editor: object) -> str:
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", editor.message.value))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("/tmp/board.geojson", "not a path"),
        ("../lesson.geojson", "'..' is not allowed"),
        ("../lesson.ipynb", "'..' is not allowed"),
        ("notes.ipynb", "never touch notebooks or code"),
        ("board.py", "never touch notebooks or code"),
        ("zero.geojson", "a link leads out of the workspace"),
        ("link.geojson", "a link leads out of the workspace"),
        ("pipe.geojson", "is not a regular file (a device or a FIFO)"),
    ],
)
def test_editor_save_and_load_refuse_in_one_line(
    editor: object, place: dict[str, Path], name: str, text: str
) -> None:
    ws = place["ws"]
    os.symlink(place["outside"] / "secret.yaml", ws / "link.geojson")
    os.mkfifo(ws / "pipe.geojson")
    os.symlink("/dev/zero", ws / "zero.geojson")
    editor.path.value = name  # type: ignore[attr-defined]
    for button in ("save", "load"):
        editor.buttons[button].click()  # type: ignore[attr-defined]
        line = editor_line(editor)
        assert line.startswith(f"Could not {button}: "), line
        assert text in line or button == "load", line
        assert SECRET not in line
    assert not (place["root"] / "lesson.geojson").exists()


def test_editor_save_asks_before_replacing(editor: object, place: dict[str, Path]) -> None:
    editor.path.value = "my_board.geojson"  # type: ignore[attr-defined]
    editor.buttons["save"].click()  # type: ignore[attr-defined]
    assert editor_line(editor) == "Saved my_board.geojson."
    first = (place["ws"] / "my_board.geojson").stat().st_mtime_ns
    editor.buttons["save"].click()  # type: ignore[attr-defined]
    assert "replace it?" in editor_line(editor)
    editor.keep_button.click()  # type: ignore[attr-defined]
    assert (place["ws"] / "my_board.geojson").stat().st_mtime_ns == first
    editor.buttons["save"].click()  # type: ignore[attr-defined]
    editor.replace_button.click()  # type: ignore[attr-defined]
    assert editor_line(editor) == "Saved my_board.geojson."
    editor.path.value = "my_board.geojson"  # type: ignore[attr-defined]
    editor.buttons["load"].click()  # type: ignore[attr-defined]
    assert editor_line(editor) == "Loaded my_board.geojson."


def test_a_failed_editor_save_shows_its_message(
    editor: object, place: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old "Saved ..." never stays up after a save that failed."""
    import swlab.editor.controller as widget_module

    editor.path.value = "full.geojson"  # type: ignore[attr-defined]
    editor.buttons["save"].click()  # type: ignore[attr-defined]
    assert editor_line(editor) == "Saved full.geojson."

    def no_space(board: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(widget_module, "write_board", no_space)
    editor.path.value = "other.geojson"  # type: ignore[attr-defined]
    editor.buttons["save"].click()  # type: ignore[attr-defined]
    assert editor_line(editor) == (
        "Could not save: other.geojson: cannot be used (No space left on device)"
    )
    with pytest.raises(OSError):
        editor.save(place["ws"] / "direct.geojson")  # type: ignore[attr-defined]
    assert "Could not save" in editor_line(editor)


# --- a scenario's board, opened from the workspace -----------------------------------------


@pytest.fixture
def boards(place: dict[str, Path]) -> dict[str, Path]:
    """The 2-player board as a file inside the workspace and outside it, and a link out."""
    from swlab.board import official_board, write_board

    inside = place["ws"] / "maps" / "board.geojson"
    inside.parent.mkdir()
    write_board(official_board(2), inside)
    outside = place["outside"] / "board.geojson"
    write_board(official_board(2), outside)
    os.symlink(outside, place["ws"] / "maps" / "link.geojson")
    return {"inside": inside, "outside": outside}


def _open_position(viewer: GameViewer, place: dict[str, Path], board: str) -> str:
    (place["ws"] / "lessons").mkdir(exist_ok=True)
    (place["ws"] / "lessons" / "far.yaml").write_text(
        f"board: {board}\nplayers: [Ann, Bob]\n", encoding="utf-8"
    )
    viewer.path.value = "lessons/far.yaml"
    viewer.button("open position").click()
    return panel_line(viewer)


@pytest.mark.parametrize(
    ("board", "why"),
    [
        ("{outside}", "an absolute path"),
        ("../../outside/board.geojson", "'..' leads out of the workspace"),
        ("../maps/../../outside/board.geojson", "'..' leads out of the workspace"),
        ("~/board.geojson", "a path from a home folder"),
        ("../maps/link.geojson", "a link leads out of the workspace"),
    ],
)
def test_a_scenario_in_the_workspace_may_not_name_a_board_outside(
    viewer: GameViewer, place: dict[str, Path], boards: dict[str, Path], board: str, why: str
) -> None:
    """The viewer's "open position" reads a scenario from the workspace; the board it names
    must be shipped or inside the workspace too, or nothing is read."""
    before = viewer.controller.state
    line = _open_position(viewer, place, board.format(outside=boards["outside"]))
    assert line == (
        f"Could not open position: lessons/far.yaml: field 'board': {why}: a scenario opened "
        "here may name a shipped board or a file inside the workspace"
    )
    assert viewer.controller.state == before


@pytest.mark.parametrize("board", ["official_2p", "../maps/board.geojson", "official-2p"])
def test_a_scenario_in_the_workspace_opens_on_a_shipped_board_or_one_inside(
    viewer: GameViewer, place: dict[str, Path], boards: dict[str, Path], board: str
) -> None:
    viewer.button("pick 0").click()
    assert _open_position(viewer, place, board) == "Done: open position (lessons/far.yaml)."
    assert viewer.controller.index == 0


def test_the_board_check_refuses_before_reading(place: dict[str, Path]) -> None:
    """:meth:`Workspace.check_board` decides from the text and links alone: a FIFO outside
    is never opened."""
    os.mkfifo(place["outside"] / "pipe.geojson")
    scenario = place["ws"] / "far.yaml"
    with pytest.raises(WorkspaceError, match=r"'\.\.' leads out of the workspace"):
        Workspace(place["ws"]).check_board("../outside/pipe.geojson", scenario)
    Workspace(place["ws"]).check_board({"regions": []}, scenario)  # an inline region graph
