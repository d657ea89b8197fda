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

    def rule_text(self) -> str:
        """The sentence of docs/RULES.md that :attr:`rule` opens with, in the language in
        effect (:func:`swlab.i18n.rule_text`): what to quote beside the refusal."""
        from swlab.i18n import rule_text

        return rule_text(self.rule) if self.rule else ""

    def __repr__(self) -> str:
        return f"IllegalActionError({self.rule!r}, {self.message!r})"
