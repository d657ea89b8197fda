"""The one exception a refused action raises."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules refuse, with the rule id and a sentence a learner understands.

    ``rule`` is the id of RULES.md that refuses it (``"R-CONQ-6"``) and ``message`` a plain
    sentence that already ends with that id in parentheses. ``rule`` is ``""`` when the
    notation, not a rule, refuses it (a misspelt action in ``Game.try_play``).
    """

    def __init__(self, rule: str, message: str) -> None:
        cited = not rule or f"({rule})" in message
        text = message if cited else f"{message.rstrip('.')} ({rule})."
        super().__init__(text)
        self.rule = rule
        self.message = text

    def __repr__(self) -> str:
        return f"IllegalActionError({self.rule!r}, {self.message!r})"
