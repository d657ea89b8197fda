"""The one exception a refused action raises."""

from __future__ import annotations

from collections.abc import Callable

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

    def __init__(self, rule: str, message: Sentence) -> None:
        super().__init__()
        self.rule = rule
        self._text: str | None = None
        self._write: Callable[[], str] | None = None
        self._language = ""
        if callable(message):
            self._write, self._language = message, language()
        else:
            self._cite(message)

    def _cite(self, message: str) -> str:
        """The sentence with its rule id at the end, kept (and as the exception's args)."""
        rule = self.rule
        cited = not rule or f"({rule})" in message
        text = message if cited else f"{message.rstrip('.')} ({rule})."
        self._text, self.args = text, (text,)
        return text

    @property
    def message(self) -> str:
        """The sentence, ending with the rule id (written now if it was given as a function)."""
        if self._text is not None:
            return self._text
        assert self._write is not None
        with using(self._language):
            return self._cite(self._write())

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, str]]:
        """Pickled with its sentence written (a game played in another process)."""
        return type(self), (self.rule, self.message)

    def rule_text(self) -> str:
        """The sentence of docs/RULES.md that :attr:`rule` opens with, in the language in
        effect (:func:`swlab.i18n.rule_text`): what to quote beside the refusal."""
        from swlab.i18n import rule_text

        return rule_text(self.rule) if self.rule else ""

    def __repr__(self) -> str:
        return f"IllegalActionError({self.rule!r}, {self.message!r})"
