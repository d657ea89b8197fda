"""The map editor: pure editing functions over an immutable draft, and a thin widget.

Built on :mod:`swlab.board`, whose validator reports what a draft still lacks before it
can be played. The editor itself is the subject of a later milestone.
"""
