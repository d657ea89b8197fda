"""The one exception a refused action raises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from swlab.i18n import language, using

#: A refusal's sentence, or the function that writes it when someone reads it.
Sentence = str | Callable[[], str]


class IllegalActionError(ValueError):
    """An action the rules refuse, with the rule id and a sentence a learner understands.

    ``rule`` is the id of RULES.md that refuses it (``"R-CONQ-6"``) and ``message`` a plain
    sentence that already ends with that id in parentheses. ``rule`` is ``""`` when the
    notation, not a rule, refuses it (a misspelt action in ``Game.try_play``).

    The sentence may be given as a function that writes it (``lambda: _("...").format(...)``):
    ``legal_actions`` and ``is_legal`` only ask *whether* a refusal exists, thousands of
    times a game, so the sentence is translated and formatted only when someone reads it
    (``why_illegal``, a refused ``apply``), in the language in effect when it was refused.
    """

    #: the sentence once written; the function that writes it, and in which language
    _text: str | None = None
    _write: Callable[[], str] | None = None
    _language = ""

    def __init__(self, rule: str, message: Sentence) -> None:
        self.rule = rule
        if callable(message):
            super().__init__()
            self._write, self._language = message, language()
        else:
            super().__init__(self._cite(message))

    def _cite(self, message: str) -> str:
        """The sentence with its rule id at the end, kept."""
        rule = self.rule
        cited = not rule or f"({rule})" in message
        self._text = message if cited else f"{message.rstrip('.')} ({rule})."
        return self._text

    @property
    def message(self) -> str:
        """The sentence, ending with the rule id (written now if it was given as a function)."""
        if self._text is None:
            assert self._write is not None
            with using(self._language):
                self.args = (self._cite(self._write()),)
        assert self._text is not None
        return self._text

    @message.setter
    def message(self, text: str) -> None:
        self._text = text

    def __str__(self) -> str:
        if self._write is not None and not self.args:
            return self.message
        return super().__str__()

    def __reduce__(self) -> str | tuple[Any, ...]:
        """Pickled with its sentence written (a refusal sent from another process)."""
        if type(self) is IllegalActionError:
            return IllegalActionError, (self.rule, self.message)
        self.message  # noqa: B018 (written, so the subclass's own state holds it)
        return super().__reduce__()

    def rule_text(self) -> str:
        """The sentence of docs/RULES.md that :attr:`rule` opens with, in the language in
        effect (:func:`swlab.i18n.rule_text`): what to quote beside the refusal."""
        from swlab.i18n import rule_text

        return rule_text(self.rule) if self.rule else ""

    def __repr__(self) -> str:
        return f"IllegalActionError({self.rule!r}, {self.message!r})"
