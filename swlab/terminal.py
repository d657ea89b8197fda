"""Text from files, made safe to show in a terminal: one function for every name swlab prints.

A name in a map, a scenario or a record (a player, a board, a region) comes from anyone. Sent
to a terminal as it is, a control character in it acts instead of showing: ``ESC [2J``
clears the screen, ``ESC ]0;...`` retitles the window, a line break starts a line that can
pretend to be swlab's own (``swlab: error: ...``), and a bidirectional override (U+202E)
shows the rest of the line backwards. :func:`printable` writes each of them as a visible
escape (``\\x1b``, ``\\n``, ``\\u202e``), so the name is shown whole, nothing of it is lost,
and it can only ever be text. The command line prints every line through it
(:func:`printable` for a line, :func:`printable_block` for a text of several lines).

>>> printable("Ann\\x1b[2J")
'Ann\\\\x1b[2J'
>>> printable("Bob\\nswlab: error: fake")
'Bob\\\\nswlab: error: fake'
>>> printable("Élodie Ünal") == "Élodie Ünal"
True
"""

from __future__ import annotations

import re

__all__ = ["printable", "printable_block"]

#: C0 controls and DEL, C1 controls, the line and paragraph separators, and the
#: bidirectional marks, embeddings, overrides and isolates (Unicode TR 9).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` as one line a terminal shows as it is: every control character, line
    break, separator and bidirectional mark written as a visible escape."""
    return _UNSAFE.sub(_escape, text)


def printable_block(text: str) -> str:
    """A text of several lines (a table, a report) with each line made :func:`printable`;
    its own line breaks are kept."""
    return "\n".join(printable(line) for line in text.split("\n"))
