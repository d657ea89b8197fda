"""The Babel extractors of the level and lesson files: their English texts into the catalogs.

Declared in ``babel.cfg`` (``[extractors] levels = swlab.learn.extract:extract_levels``,
``lessons = swlab.learn.extract:extract_lessons``), so ``tools/i18n.py extract`` puts each
level's title, intro, hints, explanation and question into ``swlab.pot`` beside the
program's sentences; the widget shows them through ``_()``. Each message keeps the line of
the file it comes from, and a comment naming the level and the field, for translators. A
lesson's texts are those of the levels it gives (:mod:`swlab.learn.lesson`): its marks'
goals and the comments the levels show.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

import yaml

__all__ = ["extract_lessons", "extract_levels", "level_texts"]

#: The fields of a level that are text for learners (``hints`` is a list of them).
TEXT_FIELDS = ("title", "intro", "hints", "explain")


def _scalar(node: yaml.Node) -> str | None:
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
        text = str(node.value).strip()
        return text or None
    return None


def _pairs(node: yaml.Node) -> Iterator[tuple[str, yaml.Node]]:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                yield str(key.value), value


def level_texts(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    """The level's id, and (line, field path, text) of each learner-facing text of it."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    level_id = ""
    found: list[tuple[int, str, str]] = []
    if root is None:
        return level_id, found

    def add(node: yaml.Node, path: str) -> None:
        value = _scalar(node)
        if value is not None:
            found.append((node.start_mark.line + 1, path, value))

    for key, value in _pairs(root):
        if key == "id":
            level_id = _scalar(value) or ""
        elif key == "hints" and isinstance(value, yaml.SequenceNode):
            for k, item in enumerate(value.value):
                add(item, f"hints.{k}")
        elif key in TEXT_FIELDS:
            add(value, key)
        elif key == "goal":
            for goal_key, goal in _pairs(value):
                if goal_key == "predict":
                    for p_key, p_value in _pairs(goal):
                        if p_key == "question":
                            add(p_value, "goal.predict.question")
    return level_id, found


def extract_levels(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for a level file: (line, function, message, comments)."""
    del keywords, comment_tags, options  # a level's texts are all messages
    level_id, texts = level_texts(fileobj.read().decode("utf-8"))
    for line, path, message in texts:
        yield line, None, message, [f"level {level_id}: {path}"]


def extract_lessons(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for a lesson file: the texts of the levels it gives, each
    at the line of the file that holds it (line 1 for comments joined on one step)."""
    import json
    from pathlib import Path

    from swlab.game.lesson import Lesson
    from swlab.learn.lesson import levels_of

    del keywords, comment_tags, options  # a lesson's texts are all messages
    raw = fileobj.read().decode("utf-8")
    path = Path(getattr(fileobj, "name", "lesson.json"))
    lesson = Lesson.from_json(json.loads(raw), path.resolve().parent, path)
    for level in levels_of(lesson, path):
        fields = [("title", level.title), ("intro", level.intro)]
        fields += [(f"hints.{k}", hint) for k, hint in enumerate(level.hints)]
        fields.append(("explain", level.explain))
        for name, text in fields:
            if not text:
                continue
            at = max(raw.find(json.dumps(text)), raw.find(json.dumps(text, ensure_ascii=False)))
            yield (
                raw.count("\n", 0, at) + 1 if at >= 0 else 1,
                None,
                text,
                [f"level {level.id}: {name}"],
            )
