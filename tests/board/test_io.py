"""Reading and writing map files: malformed files fail clearly, writes round-trip atomically.

Every file in ``tests/data/malformed/`` is broken in exactly one way; reading it must raise
one :class:`MapFormatError` whose message names the file and the feature and field at fault,
so a designer can fix it without a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from shapely.geometry import Polygon, box

from swlab.board import Board, MapFormatError, Region, read_board, write_board
from swlab.board.io import parse_board

MALFORMED = Path(__file__).resolve().parents[1] / "data" / "malformed"

#: file stem -> (feature index, field, text the message must contain).
EXPECTED: dict[str, tuple[int | None, str | None, str]] = {
    "empty": (None, None, "the file is empty"),
    "not_json": (None, None, "not valid JSON: Expecting value (line 1, column 1)"),
    "trailing_garbage": (None, None, "not valid JSON: Extra data (line 6, column 1)"),
    "not_utf8": (None, None, "not UTF-8 text"),
    "top_level_list": (None, None, "expected a GeoJSON object, got a list"),
    "wrong_type": (None, "type", "expected 'FeatureCollection', got 'GeometryCollection'"),
    "players_string": (None, "board.players", "expected an integer, got a string"),
    "players_boolean": (None, "board.players", "expected an integer, got a boolean"),
    "players_out_of_range": (None, "board.players", "must be 2 to 6, got 7"),
    "outline_linestring": (None, "board.outline.type", "expected 'Polygon', got 'LineString'"),
    "features_not_list": (None, "features", "expected a list, got an object"),
    "feature_not_object": (1, None, "expected a Feature object, got a string"),
    "feature_wrong_type": (1, "type", "expected 'Feature', got 'Region'"),
    "id_string": (1, "id", "expected an integer, got a string"),
    "id_float": (1, "id", "expected an integer, got a decimal number"),
    "id_boolean": (1, "id", "expected an integer, got a boolean"),
    "geometry_missing": (1, "geometry", "is missing"),
    "geometry_null": (1, "geometry", "expected a Polygon geometry object, got null"),
    "coordinates_empty": (1, "geometry.coordinates", "needs at least its outer ring"),
    "ring_not_closed": (1, "geometry.coordinates[0]", "a ring must end where it starts"),
    "hole_not_closed": (1, "geometry.coordinates[1]", "a ring must end where it starts"),
    "ring_too_short": (1, "geometry.coordinates[0]", "at least 4 positions, got 3"),
    "coordinate_non_numeric": (1, "geometry.coordinates[0][2]", "a position [x, y] of two"),
    "coordinate_single_number": (1, "geometry.coordinates[0][2]", "a position [x, y] of two"),
    "nan_coordinate": (1, "geometry.coordinates[0][2]", "coordinates must be finite"),
    "infinite_coordinate": (2, "geometry.coordinates[0][1]", "coordinates must be finite"),
    "huge_integer_coordinate": (2, "geometry.coordinates[0][1]", "coordinates must be finite"),
    # issue 12: refused with one clear message each
    "features_empty": (None, "features", "is empty: a board needs at least one region"),
    "id_negative": (1, "id", "a region id is a whole number of 0 or more, got -2"),
    "fid_negative": (1, "properties.fid", "a region id is a whole number of 0 or more, got -2"),
    "coordinate_absurd": (
        1,
        "geometry.coordinates[0][2]",
        "coordinate 1e+300 is beyond ±1e+09, the largest a map may use",
    ),
    "geometry_multipolygon_two_parts": (
        1,
        "geometry.coordinates",
        "a MultiPolygon of 2 parts: a region is one piece of land",
    ),
    "geometry_linestring": (
        1,
        "geometry.type",
        "expected 'Polygon' (or a MultiPolygon of one part), got 'LineString'",
    ),
}

#: Region ids of the features above, once the reader got that far.
REGION_OF_FEATURE = {1: 2, 2: 3}


def test_every_malformed_file_has_an_expectation() -> None:
    stems = {p.stem for p in MALFORMED.glob("*.geojson")}
    assert stems == set(EXPECTED)
    assert len(stems) >= 18


@pytest.mark.parametrize("stem", sorted(EXPECTED))
def test_malformed_file_names_file_feature_and_field(stem: str) -> None:
    path = MALFORMED / f"{stem}.geojson"
    feature, field, text = EXPECTED[stem]
    with pytest.raises(MapFormatError) as caught:
        read_board(path)
    err = caught.value
    message = str(err)
    assert message.startswith(str(path)), message
    assert text in message, message
    assert (err.feature, err.field) == (feature, field), message
    if feature is not None:
        assert f"feature #{feature}" in message
    if field is not None:
        assert f"field '{field}'" in message
    if err.region is not None:
        assert err.region == REGION_OF_FEATURE[feature or 0]
        assert f"(region {err.region})" in message


def test_missing_file_is_a_map_format_error(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.geojson"
    with pytest.raises(MapFormatError, match="no such file") as caught:
        read_board(path)
    assert str(caught.value).startswith(str(path))


def test_parse_board_names_its_source() -> None:
    # issue 12: an empty collection is "no regions" (it was "field 'board': is missing")
    with pytest.raises(MapFormatError, match=r"^draft: field 'features': is empty"):
        parse_board({"type": "FeatureCollection", "features": []}, "draft")


# --- writing ----------------------------------------------------------------------------------
def small_board() -> Board:
    """A board exercising everything a file stores: holes, symbols, names, float coordinates."""
    lake = Polygon([(1.25, 0.3), (1.7, 0.35), (1.6, 0.7), (1.2, 0.6)])
    hill = Polygon(box(1, 0, 2, 1).exterior, [lake.exterior])
    return Board(
        name="Ærøskøbing Ø test",
        players=3,
        turns=10,
        outline=box(0, 0, 3, 1),
        regions=(
            Region(7, "sea", Polygon([(0, 0), (1, 0), (1, 1), (0, 1)])),
            Region(3, "hill", hill, frozenset({"lost_tribe", "mine"}), "Hill of Bones"),
            Region(12, "lake", lake),
            Region(4, "forest", Polygon([(2, 0), (3, 0), (3, 1), (2, 1), (2, 1 / 3)]), frozenset()),
        ),
    )


def _one_region(ring: list[list[object]]) -> dict[str, object]:
    square = {"type": "Polygon", "coordinates": [ring]}
    return {
        "type": "FeatureCollection",
        "features": [{"type": "Feature", "id": 1, "geometry": square, "properties": {}}],
    }


@pytest.mark.parametrize(
    "ring",
    [
        [[0, 0], [4, 0], [4, 3], [0, 0]],  # integers
        [[0.5, 0], [4, 0.25], [4, 3], [0.5, 0]],  # integers and decimals
        [[0, 0, 7], [4, 0, 7], [4, 3, 7], [0, 0, 7]],  # a height, dropped
        [[0, 0], [4, 0, 7], [4, 3], [0, 0]],  # a height on one position only
        [[0, 0, "a"], [4, 0, None], [4, 3, True], [0, 0]],  # what follows x, y is ignored
    ],
)
def test_positions_read_a_ring_at_a_time_as_one_at_a_time(ring: list[list[object]]) -> None:
    # a ring's positions are read at once when they are plain numbers (NumPy), else one by
    # one: both readings give the same polygon
    board = parse_board(_one_region(ring), "ring")
    assert list(board.regions[0].polygon.exterior.coords) == [
        (float(p[0]), float(p[1]))  # type: ignore[arg-type]
        for p in ring
    ]


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (True, "expected a position [x, y] of two numbers"),  # JSON true is not a number
        ("1", "expected a position [x, y] of two numbers"),
        (float("nan"), "coordinates must be finite numbers"),
        (10**400, "coordinates must be finite numbers"),
        (2e9, "coordinate 2e+09 is beyond ±1e+09"),
    ],
)
def test_a_bad_position_among_many_is_named(bad: object, message: str) -> None:
    ring: list[list[object]] = [[float(k), 0.0] for k in range(1000)]
    ring += [[0.0, 5.0], [0.0, 0.0]]
    ring[617] = [617.0, bad]
    with pytest.raises(MapFormatError) as caught:
        parse_board(_one_region(ring), "ring")
    assert caught.value.field == "geometry.coordinates[0][617]"
    assert message in str(caught.value)


def test_write_then_read_gives_an_equal_board(tmp_path: Path) -> None:
    board = small_board()
    path = tmp_path / "board.geojson"
    write_board(board, path)
    again = read_board(path)
    assert again == board
    assert again.regions[1].name == "Hill of Bones"
    assert (
        again.regions[1].polygon.interiors[0].coords[:]
        == board.regions[1].polygon.interiors[0].coords[:]
    )


def test_second_write_gives_identical_bytes(tmp_path: Path) -> None:
    first, second = tmp_path / "a.geojson", tmp_path / "b.geojson"
    write_board(small_board(), first)
    write_board(read_board(first), second)
    assert first.read_bytes() == second.read_bytes()
    assert "Ærøskøbing".encode() in first.read_bytes()  # UTF-8, not \\u escapes


def test_write_is_atomic_when_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "board.geojson"
    path.write_text("old map\n", encoding="utf-8")

    def fail(src: object, dst: object) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk on fire"):
        write_board(small_board(), path)
    assert path.read_text(encoding="utf-8") == "old map\n"
    assert [p.name for p in tmp_path.iterdir()] == ["board.geojson"]


def test_write_replaces_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "board.geojson"
    path.write_text("old map\n", encoding="utf-8")
    write_board(small_board(), path)
    assert read_board(path) == small_board()
    assert [p.name for p in tmp_path.iterdir()] == ["board.geojson"]
