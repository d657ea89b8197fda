"""The frame the map editor and the hex-map editor share: language, status and message
lines, a toolbar of buttons, the file box with its question ("replace" or "keep" a file
a save would overwrite; "simplify" or "keep" when a map loaded is too detailed), the key
layer, display and redraw.

An editor subclasses :class:`EditorShell`, names its CSS prefix, builds its own map and
panel in ``_setup`` from these pieces, and answers the file box's requests
(:meth:`EditorShell.save_file`, :meth:`EditorShell.load_file`, ...) with
:class:`~swlab.workspace.Outcome` values from its pure model; what a person sees of a
message, a file question or a key press is then the same in both editors.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as widgets  # type: ignore[import-untyped]

from swlab import i18n
from swlab.i18n import N_, _
from swlab.workspace import FileBox, Outcome, Workspace

__all__ = ["EditorShell", "heading", "row"]

#: The colour of a refused request's bar and of an ordinary message's.
REFUSED_COLOUR = "#D55E00"
SAID_COLOUR = "#333333"

#: What "keep" keeps, by the question asked: the file a save would overwrite, or the
#: board being edited when a map too detailed is offered to be loaded simplified.
KEEP_TIPS: dict[str | None, str] = {
    None: N_("Keep the file as it is"),
    "simplify": N_("Keep the board you are editing; load nothing"),
}


def heading(title: str, note: str = "") -> widgets.HTML:
    """A bold heading of the panel and a note after it, in the language in effect."""
    after = f" {html.escape(_(note))}" if note else ""
    return widgets.HTML(f"<b>{html.escape(_(title))}</b>{after}")


def row(items: Sequence[Any]) -> widgets.HBox:
    """A row of the panel that wraps when the panel is narrow."""
    return widgets.HBox(list(items), layout=widgets.Layout(flex_flow="row wrap"))


def compact(boxes: Mapping[Any, float]) -> None:
    """Compact inputs: the label beside a box sized to its content (``em`` wide)."""
    for w, em in boxes.items():
        w.style = {"description_width": "initial"}
        w.layout = widgets.Layout(width=f"{em + len(w.description) * 0.6:.1f}em")


def file_box(workspace: Workspace | str | os.PathLike[str] | None, enabled: bool | None) -> FileBox:
    """The file box of an editor: the host's workspace (on or off as ``enabled`` says)."""
    if isinstance(workspace, Workspace):
        if enabled is not None:
            workspace.enabled = enabled
        return FileBox(workspace)
    return FileBox(Workspace(workspace, enabled=enabled))


class EditorShell:
    """What both editors are made of around their map; see the module docstring."""

    #: The CSS class prefix of the editor's buttons and message (``swlab-editor``).
    PREFIX: ClassVar[str] = "swlab-editor"

    language: str
    widget: widgets.VBox
    path: widgets.Text
    confirm_row: widgets.HBox
    buttons: dict[str, widgets.Button]

    def __init__(self, *args: Any, language: str | None = None, **kwargs: Any) -> None:
        self.language = i18n.language(language)
        with i18n.using(self.language):
            self.status = widgets.HTML()
            self.message = widgets.HTML()
            #: where the message line can stand -> the widget it goes right below
            self.message_anchors: dict[str, Any] = {}
            self.buttons = {}
            self._setup(*args, **kwargs)

    def _setup(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError

    def _speak(self, fn: Any) -> Any:
        """``fn`` run in this editor's language (its callbacks: what it says is in it, and
        no other widget's language changes)."""
        return i18n.speaking(self, fn)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    # --- buttons ----------------------------------------------------------------------
    def toolbar(self, specs: Sequence[tuple[str, Callable[[], Any], str]]) -> list[Any]:
        """One button per ``(name, action, tooltip)`` (names and tooltips marked with
        ``N_``), kept in :attr:`buttons` under its name; a click runs the action once in
        the editor's language."""
        made = []
        for name, action, tip in specs:
            b = widgets.Button(
                description=_(name),
                tooltip=_(tip) if tip else "",
                layout=widgets.Layout(width="auto"),
            )
            b.add_class(f"{self.PREFIX}-{name.replace(' ', '-')}")
            b.on_click(self._speak(lambda _b, act=action: act()))
            self.buttons[name] = b
            made.append(b)
        return made

    def show_history(self, can_undo: bool, can_redo: bool) -> None:
        """Undo and redo are offered only when there is a step to take."""
        self.buttons["undo"].disabled = not can_undo
        self.buttons["redo"].disabled = not can_redo

    # --- the message line -------------------------------------------------------------
    def _say(self, text: str, refused: bool = False, at: str = "top") -> None:
        """Show ``text`` (``refused``: in the refusal colour) right below the control
        that caused it (``at``: a key of :attr:`message_anchors`, such as ``"file"``)."""
        colour = REFUSED_COLOUR if refused else SAID_COLOUR
        self.message.value = (
            f"<div class='{self.PREFIX}-message{' swlab-refused' if refused else ''}' "
            f"style='border-left:5px solid {colour};padding:2px 8px;white-space:pre-wrap'>"
            f"{html.escape(text)}</div>"
        )
        self.place_message(at)

    def place_message(self, at: str) -> None:
        """Move the message line right below :attr:`message_anchors` ``[at]`` (the file
        box, the problem list), where the person who pressed it is looking, not at the top
        of a panel that may have scrolled it out of view; ``"top"`` puts it back."""
        panel = getattr(self, "panel", None)
        anchor = self.message_anchors.get(at)
        if panel is None or anchor is None:
            return
        children = [c for c in panel.children if c is not self.message]
        if anchor not in children:
            return
        k = children.index(anchor) + 1
        placed = (*children[:k], self.message, *children[k:])
        if placed != tuple(panel.children):
            panel.children = placed

    # --- the file box -----------------------------------------------------------------
    def file_row(self, files: FileBox, name: str, *, load: bool = False) -> list[Any]:
        """The file box: a name, "save" (and "load"), and the row asking "replace" or
        "keep" when a save would overwrite a file (with "load": "simplify" or "keep" when
        the map is over the vertex limits). Hidden when the host turned file boxes off.
        Returns the panel's rows."""
        self.files = files
        self.path = widgets.Text(value=name, description=_("file"))
        self.path.add_class(f"{self.PREFIX}-file")
        specs: list[tuple[str, Callable[[], Any], str]] = [
            (N_("save"), self._on_save, N_("Save as GeoJSON (atomic)"))
        ]
        if load:
            specs.append(
                (N_("load"), self._on_load, N_("Load a GeoJSON board (swlab's or any tool's)"))
            )
        box = row([self.path, *self.toolbar(specs)])
        if not files.enabled:
            box.layout.display = "none"
        questions: list[tuple[str, Callable[[], Any], str]] = [
            (N_("replace"), self.replace_file, N_("Overwrite the file"))
        ]
        if load:
            tip = N_(
                "Load the file simplified under the vertex limits: each border shared by two "
                "regions is simplified once, for both, so no gap or overlap opens; the "
                "tolerance is chosen for you and the message says which"
            )
            questions.append((N_("simplify"), self.simplify_file, tip))
        questions.append((N_("keep"), self.keep_file, KEEP_TIPS[None]))
        self.confirm_row = row(self.toolbar(questions))
        self.confirm_row.layout.display = "none"
        self.replace_button, self.keep_button = self.buttons["replace"], self.buttons["keep"]
        self.message_anchors["file"] = self.confirm_row
        return [box, self.confirm_row]

    def file_save(self, name: str) -> Outcome:
        """Save the board as ``name`` in the workspace; the outcome is said."""
        raise NotImplementedError

    def file_load(self, name: str) -> Outcome:
        """Load the board named ``name`` from the workspace; the outcome is said."""
        raise NotImplementedError

    def file_confirm(self) -> Outcome:
        """Carry out the save waiting for confirmation; the outcome is said."""
        raise NotImplementedError

    def file_cancel(self) -> Outcome:
        """Drop the save (or the load) waiting for an answer; the outcome is said."""
        raise NotImplementedError

    def file_simplify(self) -> Outcome:
        """Load the map offered, simplified under the vertex limits; the outcome is said
        (only an editor whose file box loads offers it)."""
        raise NotImplementedError

    def _on_save(self) -> None:
        self.show_file(self.file_save(self.path.value))

    def _on_load(self) -> None:
        self.show_file(self.file_load(self.path.value))

    @i18n.in_own_language
    def replace_file(self) -> None:
        """Carry out the save waiting for confirmation ("replace")."""
        self.show_file(self.file_confirm())

    @i18n.in_own_language
    def keep_file(self) -> None:
        """Leave the existing file, or the board being edited, as it is ("keep")."""
        self.show_file(self.file_cancel())

    @i18n.in_own_language
    def simplify_file(self) -> None:
        """Load the map offered, simplified under the vertex limits ("simplify"); a large
        export takes seconds, so the line beside the file box says it is under way."""
        self._say(_("Simplifying the map: a few seconds..."), at="file")
        self.show_file(self.file_simplify())

    def show_file(self, outcome: Outcome) -> None:
        """After a file box request: the question row only while a request waits for an
        answer, with the button of that question ("replace", or the outcome's offer)
        beside "keep", whose tooltip says what it keeps."""
        self.confirm_row.layout.display = "flex" if outcome.asks else "none"
        self.replace_button.layout.display = "none" if outcome.offer else None
        simplify = self.buttons.get("simplify")
        if simplify is not None:
            simplify.layout.display = None if outcome.offer == "simplify" else "none"
        self.keep_button.tooltip = _(KEEP_TIPS.get(outcome.offer, KEEP_TIPS[None]))
        self.refresh(keep_message=True)

    # --- keys and redraw --------------------------------------------------------------
    def bind_keys(
        self,
        commands: Mapping[str, Callable[[], Any]],
        table: Mapping[str, tuple[str, str]],
        buttons: Mapping[str, widgets.Button] | None = None,
    ) -> Any:
        """The editor's key layer (:mod:`swlab.play.keys`), the keys of ``table`` (key ->
        command, what it does): one press, one command. ``buttons[command]``, the button
        doing what a bound key does, names the key in its tooltip."""
        from swlab.play import keys

        layer = keys.bind(self.widget, {k: self._speak(f) for k, f in commands.items()}, table)
        for command, button in (buttons or {}).items():
            if command in layer.commands:
                button.tooltip = f"{button.tooltip} ({keys.key_of(command, table)})"
        return layer

    def refresh(self, keep_message: bool = False) -> None:
        """Redraw everything from the model (new objects for every trait), in the
        editor's language."""
        with i18n.using(self.language):
            self._refresh(keep_message)

    def _refresh(self, keep_message: bool) -> None:
        raise NotImplementedError
