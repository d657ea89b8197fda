"""Plain GeoJSON from other map tools opens, with warnings as data (issue 12).

A FeatureCollection as QGIS, geojson.io, mapshaper or geopandas write it has no ``board``
member, may keep map-level fields in top-level ``properties``, region ids in ``properties``
(``id``, ``fid``) and no outline. :func:`swlab.board.io.read_board` fills in what is missing
and says so in :class:`~swlab.board.io.MapWarning` s; what is wrong is refused with one
message naming the feature. The geopandas tests write the boards with a real third-party
writer (pyogrio's GeoJSON driver), not by hand.
"""

from __future__ import annotations

import json
import re
import time
import warnings as pywarnings
from pathlib import Path
from typing import Any

import pytest
import shapely
from shapely.geometry import Polygon, box, mapping

from swlab.board import Board, MapFormatError, Region, read_board, write_board
from swlab.board.catalog import official_board
from swlab.board.io import MapWarning, default_players, parse_board
from swlab.board.validate import Problem, ProblemKind, validate
from swlab.cli import main
from swlab.editor import draft as ed
from swlab.safe_io import MAP_LIMITS

PLAIN = Path(__file__).resolve().parents[1] / "data" / "plain"
#: A coordinate pair or a raw decimal, which a fix sentence must not show.
COORDINATES = re.compile(r"\(\s*-?\d+(\.\d+)?\s*,\s*-?\d|\d\.\d{2,}")


def feature(geometry: Polygon | dict[str, Any], **props: Any) -> dict[str, Any]:
    """A plain Feature: no ``id`` member unless ``props`` has ``_id``."""
    out: dict[str, Any] = {
        "type": "Feature",
        "geometry": geometry
        if isinstance(geometry, dict)
        else json.loads(json.dumps(mapping(geometry))),
        "properties": {k: v for k, v in props.items() if k != "_id"},
    }
    if "_id" in props:
        out["id"] = props["_id"]
    return out


def three(**top: Any) -> dict[str, Any]:
    """Three unit squares in a row, as a plain FeatureCollection."""
    return {
        "type": "FeatureCollection",
        **top,
        "features": [
            feature(box(0, 0, 1, 1), terrain="sea", fid=1),
            feature(box(1, 0, 2, 1), terrain="hill", fid=2, symbols=["mine"]),
            feature(box(2, 0, 3, 1), terrain="forest", fid=3),
        ],
    }


def read(document: dict[str, Any], **options: Any) -> tuple[Board, list[MapWarning]]:
    found: list[MapWarning] = []
    board = parse_board(document, "plain.geojson", warnings=found, **options)
    return board, found


def texts(found: list[MapWarning]) -> str:
    return "\n".join(str(w) for w in found)


# --- the files that were refused before issue 12 ----------------------------------------------
@pytest.mark.parametrize(
    ("stem", "says"),
    [
        ("missing_board", ["no outline", "no player count", "no turn count", "no board name"]),
        ("turns_missing", ["no turn count in the file: 10 turns, the turn track for 3 players"]),
        ("outline_missing", ["no outline: using the outer boundary of all regions"]),
        ("geometry_multipolygon", ["feature #1 (region 2): a MultiPolygon of one part"]),
    ],
)
def test_formerly_refused_file_opens_with_a_warning(stem: str, says: list[str]) -> None:
    found: list[MapWarning] = []
    board = read_board(PLAIN / f"{stem}.geojson", warnings=found)
    assert board.ids == (1, 2, 3)
    assert validate(board) == []
    for text in says:
        assert text in texts(found), texts(found)
    assert all(str(w).startswith(str(PLAIN / f"{stem}.geojson")) for w in found)


def test_read_board_without_a_list_still_reads_plain_files() -> None:
    assert len(read_board(PLAIN / "missing_board.geojson")) == 3


# --- map-level fields ---------------------------------------------------------------------------
def test_map_fields_from_top_level_properties() -> None:
    board, found = read(three(properties={"name": "Isles", "players": 4, "turns": 7}))
    assert (board.name, board.players, board.turns) == ("Isles", 4, 7)
    assert "players" not in texts(found) and "turns" not in texts(found)


def test_board_member_wins_over_properties_and_unknown_fields_are_ignored() -> None:
    doc = three(
        board={"name": "B", "players": 2, "turns": 5, "profile": "terra_mystica", "x": [1]},
        properties={"name": "P", "players": 5},
    )
    board, _ = read(doc)
    assert (board.name, board.players, board.turns) == ("B", 2, 5)


def test_layer_name_is_the_board_name() -> None:
    """GDAL writes the layer name as a top-level ``name``."""
    board, found = read(three(name="my_layer"))
    assert board.name == "my_layer"
    assert "no board name" not in texts(found)


def test_documented_defaults_name_the_counts() -> None:
    board, found = read(three())
    assert board.players == default_players(3) == 2
    assert board.turns == 10
    assert "no player count in the file: 2 players assumed" in texts(found)
    assert "--players" in texts(found) and "--turns" in texts(found)


@pytest.mark.parametrize(("regions", "players"), [(1, 2), (26, 2), (27, 3), (35, 4), (48, 5)])
def test_default_players_follow_the_nearest_official_board(regions: int, players: int) -> None:
    assert default_players(regions) == players


def test_asked_counts_fill_what_the_file_lacks() -> None:
    board, found = read(three(), players=5, turns=3)
    assert (board.players, board.turns) == (5, 3)
    assert "no player count in the file: 5 players, as asked" in texts(found)


def test_the_file_wins_over_asked_counts_with_a_warning() -> None:
    board, found = read(three(properties={"players": 3, "turns": 9}), players=5, turns=3)
    assert (board.players, board.turns) == (3, 9)
    assert "the file gives 3 players: the 5 asked for are not used" in texts(found)


def test_asked_counts_out_of_range_are_refused() -> None:
    with pytest.raises(MapFormatError, match="players must be 2 to 6, not 9"):
        read(three(), players=9)
    with pytest.raises(MapFormatError, match="turns must be at least 1, not 0"):
        read(three(), turns=0)


def test_default_outline_is_the_outer_boundary_with_holes_filled() -> None:
    """A hole in the union is a gap inside the board, so it stays in the outline."""
    ring = [
        feature(box(0, 0, 3, 1), terrain="hill"),
        feature(box(0, 2, 3, 3), terrain="hill"),
        feature(box(0, 1, 1, 2), terrain="forest"),
        feature(box(2, 1, 3, 2), terrain="forest"),
    ]
    board, found = read({"type": "FeatureCollection", "features": ring})
    assert board.outline.equals(box(0, 0, 3, 3))
    assert [p.kind for p in validate(board)] == [ProblemKind.GAP]
    assert "using the outer boundary of all regions" in texts(found)


def test_default_outline_of_separate_islands_is_their_hull() -> None:
    doc = {
        "type": "FeatureCollection",
        "features": [
            feature(box(0, 0, 1, 1), terrain="hill"),
            feature(box(3, 0, 4, 1), terrain="hill"),
        ],
    }
    board, found = read(doc)
    assert board.outline.equals(box(0, 0, 4, 1))
    assert "form 2 separate pieces: using their convex hull" in texts(found)


# --- region ids -----------------------------------------------------------------------------
def test_ids_from_properties_id_then_fid() -> None:
    doc = three()
    doc["features"][0]["properties"]["id"] = 10  # id wins over fid
    doc["features"][1]["id"] = 20  # the Feature id wins over both
    board, found = read(doc)
    assert board.ids == (10, 20, 3)
    assert "region id" not in texts(found)


def test_ids_missing_everywhere_are_numbered_in_order_with_one_warning() -> None:
    doc = three()
    for f in doc["features"]:
        del f["properties"]["fid"]
    board, found = read(doc)
    assert board.ids == (1, 2, 3)
    assert (
        "3 features have no region id (id, properties.id, properties.fid): "
        "numbered 1, 2, 3 in file order" in texts(found)
    )


def test_one_feature_without_an_id_among_features_with_ids_is_refused_naming_it() -> None:
    """Scenarios and records name regions by id: numbering one feature of a map whose other
    features have ids would give it an id nobody chose."""
    doc = three()
    del doc["features"][1]["properties"]["fid"]
    doc["features"][1]["properties"]["name"] = "Marsh"
    with pytest.raises(MapFormatError) as caught:
        read(doc)
    message = str(caught.value)
    assert message.startswith("plain.geojson: feature #1: field 'id': ")
    assert "'Marsh'" in message and "while feature #0 has one" in message
    assert "\n" not in message and caught.value.feature == 1


def test_the_swlab_file_missing_one_id_is_refused() -> None:
    path = PLAIN / "id_missing.geojson"
    with pytest.raises(MapFormatError, match=r"id_missing\.geojson: feature #1: field 'id': "):
        read_board(path)


@pytest.mark.parametrize("value", [["name", 2, 10], "Isles", 3, True])
def test_top_level_properties_that_are_not_an_object_are_refused(value: Any) -> None:
    with pytest.raises(MapFormatError) as caught:
        read(three(properties=value))
    assert str(caught.value).startswith("plain.geojson: field 'properties': expected an object")
    assert caught.value.field == "properties"


def test_null_top_level_properties_are_absent() -> None:
    """GIS tools write an empty attribute as null (as for ``symbols``)."""
    board, found = read(three(properties=None))
    assert board.name == "plain" and "no board name" in texts(found)


def test_id_zero_is_a_region_id() -> None:
    """GDAL numbers features from 0."""
    doc = three()
    doc["features"][0]["properties"]["fid"] = 0
    assert read(doc)[0].ids == (0, 2, 3)


# --- shapes, words, encoding ----------------------------------------------------------------
def test_clockwise_rings_are_accepted_with_one_warning() -> None:
    doc = three()
    for f in doc["features"]:
        f["geometry"]["coordinates"] = [ring[::-1] for ring in f["geometry"]["coordinates"]]
    board, found = read(doc)
    assert not any(r.polygon.exterior.is_ccw for r in board)  # read as drawn
    assert "3 regions (1, 2, 3): outer ring drawn clockwise (RFC 7946 asks" in texts(found)
    assert validate(board) == []


def test_a_swlab_file_with_clockwise_rings_reads_back_equal(tmp_path: Path) -> None:
    """Editing can leave a ring clockwise; saving and opening gives the same board."""
    board = read(three(board={"name": "cw", "players": 3, "turns": 10}))[0]
    turned = tuple(
        Region(r.id, r.terrain, Polygon(r.polygon.exterior.coords[::-1]), r.symbols) for r in board
    )
    clockwise = Board("cw", 3, 10, board.outline, turned)
    path = tmp_path / "cw.geojson"
    write_board(clockwise, path)
    found: list[MapWarning] = []
    assert read_board(path, warnings=found) == clockwise
    assert found == []


def test_terrain_and_symbols_in_any_letter_case() -> None:
    doc = three()
    doc["features"][1]["properties"].update(terrain="HILL", symbols=["Mine", "LOST_TRIBE"])
    board, found = read(doc)
    assert board[2].terrain == "hill" and board[2].symbols == {"mine", "lost_tribe"}
    assert "feature #1 (region 2): terrain 'HILL' read as 'hill'" in texts(found)
    assert "symbol 'Mine' read as 'mine'" in texts(found)


def test_null_symbols_and_names_are_empty() -> None:
    doc = three()
    doc["features"][0]["properties"].update(symbols=None, name=None)
    board, _ = read(doc)
    assert board[1].symbols == frozenset() and board[1].name is None


def test_an_unknown_terrain_still_loads_for_the_validator() -> None:
    doc = three()
    doc["features"][2]["properties"]["terrain"] = "Forrest"
    board, _ = read(doc)
    problem = next(p for p in validate(board) if p.kind is ProblemKind.UNKNOWN_TERRAIN)
    assert "'forest', or another of" in problem.fix


def test_utf8_byte_order_mark_is_accepted_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "bom.geojson"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(three()).encode())
    found: list[MapWarning] = []
    assert len(read_board(path, warnings=found)) == 3
    assert "starts with a UTF-8 byte-order mark, ignored" in texts(found)


# --- refusals ---------------------------------------------------------------------------------
def test_empty_collection_is_no_regions() -> None:
    with pytest.raises(
        MapFormatError, match="field 'features': is empty: a board needs at least one region"
    ):
        read({"type": "FeatureCollection", "features": []})


def test_empty_board_validates_as_no_regions_not_a_gap() -> None:
    board = Board("empty", 3, 10, box(0, 0, 700, 1000), ())
    problems = validate(board)
    assert [p.kind for p in problems] == [ProblemKind.NO_REGIONS]
    assert problems[0].fix


def test_a_region_over_the_vertex_limit_is_refused_fast_naming_it() -> None:
    limit = int(MAP_LIMITS["region_vertices"])
    ring = [[float(x), 0.0] for x in range(limit)] + [[limit - 1.0, 1.0], [0.0, 1.0], [0.0, 0.0]]
    doc = three()
    doc["features"][1]["geometry"] = {"type": "Polygon", "coordinates": [ring]}
    start = time.perf_counter()
    with pytest.raises(MapFormatError) as caught:
        read(doc)
    assert time.perf_counter() - start < 1.0
    message = str(caught.value)
    assert "feature #1 (region 2)" in message
    assert f"{limit + 3:,} vertices, more than the {limit:,} a region may have" in message
    assert "swlab.safe_io.MAP_LIMITS" in message


def test_a_map_over_the_total_vertex_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked with limits a hundred times smaller, read from the one home of the limits."""
    monkeypatch.setitem(MAP_LIMITS, "region_vertices", 50)
    monkeypatch.setitem(MAP_LIMITS, "map_vertices", 1_000)
    per = int(MAP_LIMITS["region_vertices"]) - 10
    count = int(MAP_LIMITS["map_vertices"]) // per + 1
    features = []
    for k in range(count):
        ring = [[k + t / per, 0.0] for t in range(per - 3)] + [
            [k + 1.0, 0.0],
            [k + 1.0, 1.0],
            [k, 1.0],
            [k, 0.0],
        ]
        features.append(feature({"type": "Polygon", "coordinates": [ring]}, terrain="hill"))
    with pytest.raises(MapFormatError, match="more than the 1,000 vertices a map may have"):
        read({"type": "FeatureCollection", "features": features})


def test_deep_nesting_is_one_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "deep.geojson"
    path.write_text(
        '{"type": "FeatureCollection", "features": ' + "[" * 10_000 + "]" * 10_000 + "}"
    )
    with pytest.raises(MapFormatError, match="nested more than 40 deep"):
        read_board(path)


def test_the_editor_refuses_the_same_files(tmp_path: Path) -> None:
    path = tmp_path / "absurd.geojson"
    doc = three()
    doc["features"][0]["geometry"]["coordinates"][0][1] = [1e300, 0]
    path.write_text(json.dumps(doc))
    with pytest.raises(
        MapFormatError, match=r"feature #0 \(region 1\).*coordinate 1e\+300 is beyond"
    ):
        ed.from_geojson(path)


# --- the game checks and QGIS parity --------------------------------------------------------
def grid() -> list[Region]:
    return [
        Region(r * 3 + c + 1, "hill", box(c, r, c + 1, r + 1)) for r in range(3) for c in range(3)
    ]


def kinds(problems: list[Problem]) -> list[ProblemKind]:
    return [p.kind for p in problems]


def test_multi_part_region_is_its_own_problem() -> None:
    regions = grid()
    regions[4] = Region(5, "hill", shapely.MultiPolygon([box(1, 1, 1.5, 2), box(1.5, 1, 2, 2)]))
    problems = validate(Board("m", 3, 10, box(0, 0, 3, 3), tuple(regions)))
    assert ProblemKind.MULTI_PART in kinds(problems)
    assert "2 separate pieces" in problems[0].message


def test_duplicate_shape_is_not_reported_as_an_overlap() -> None:
    regions = [*grid(), Region(10, "forest", box(1, 1, 2, 2))]
    problems = validate(Board("d", 3, 10, box(0, 0, 3, 3), tuple(regions)))
    assert kinds(problems) == [ProblemKind.DUPLICATE_GEOMETRY]
    assert problems[0].regions == (5, 10)
    assert "Delete region 10" in problems[0].fix


def test_r_conq_1_no_land_region_to_enter() -> None:
    """Every edge region is the Lake: there are edge regions but no border region."""
    regions = [
        Region(1, "lake", Polygon(box(0, 0, 3, 3).exterior, [box(1, 1, 2, 2).exterior])),
        Region(2, "hill", box(1, 1, 2, 2)),
    ]
    problems = validate(Board("l", 3, 10, box(0, 0, 3, 3), tuple(regions)))
    assert kinds(problems) == [ProblemKind.NO_ENTRY]
    assert "R-CONQ-1" in problems[0].message


def test_r_comp_1_player_count() -> None:
    problems = validate(Board("p", 7, 10, box(0, 0, 3, 3), tuple(grid())))
    assert kinds(problems) == [ProblemKind.PLAYER_COUNT]
    assert "R-COMP-1" in problems[0].message


def test_every_problem_of_a_broken_board_says_how_to_fix_it_in_words() -> None:
    board = read_board(Path(__file__).resolve().parents[1] / "data" / "bad_board.geojson")
    problems = validate(board)
    assert problems
    for problem in problems:
        assert problem.fix.endswith("."), problem
        assert not COORDINATES.search(problem.fix), problem.fix
        assert "area" not in problem.fix, problem.fix
    gap = next(p for p in problems if p.kind is ProblemKind.GAP)
    assert "let region 4 absorb it" in gap.fix and "of an average region" in gap.fix


def test_sliver_fix_names_the_border_to_move() -> None:
    regions = grid()
    regions[1] = Region(2, "hill", box(1, 0, 1.99, 1))
    problems = validate(Board("s", 3, 10, box(0, 0, 3, 3), tuple(regions)))
    sliver = next(p for p in problems if p.kind is ProblemKind.SLIVER)
    assert (
        "Move the vertices of region" in sliver.fix and "merge the sliver into region" in sliver.fix
    )
    assert "the bottom" in sliver.fix


# --- the CLI ------------------------------------------------------------------------------------
def test_cli_checks_a_plain_file_and_prints_the_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "plain.geojson"
    path.write_text(json.dumps(three()))
    assert main(["map", "check", str(path), "--players", "4"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("OK: plain — 3 regions")
    assert "4 players, 9 turns" in captured.out
    assert "swlab: warning: " in captured.err and "4 players, as asked" in captured.err
    assert main(["map", "stats", str(path)]) == 0
    assert main(["map", "show", str(path), "-o", str(tmp_path / "plain.svg")]) == 0
    assert (tmp_path / "plain.svg").stat().st_size > 0


def test_cli_reads_a_plain_file_saved_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """mapshaper saves GeoJSON as ``.json``."""
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(three(properties={"players": 3, "turns": 10})))
    assert main(["map", "check", str(path), "--players", "5"]) == 0
    assert "the 5 asked for are not used" in capsys.readouterr().err


def test_cli_prints_each_problem_with_its_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = three()
    doc["features"][1]["geometry"] = json.loads(json.dumps(mapping(box(1, 0, 1.5, 1))))
    path = tmp_path / "gap.geojson"
    path.write_text(json.dumps(doc))
    assert main(["map", "check", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("gap ")
    assert lines[1].strip().startswith("fix: Draw a region into the gap")


# --- a real third-party writer: geopandas with pyogrio ---------------------------------------
def geopandas_board(path: Path, board: Board, **columns: Any) -> None:
    """``board``'s regions as geopandas writes them: no Feature id, no ``board`` member."""
    gpd = pytest.importorskip("geopandas", reason="the test extra (geopandas, pyogrio)")
    pytest.importorskip("pyogrio", reason="the test extra (geopandas, pyogrio)")
    data = {
        "fid": [r.id for r in board],
        "terrain": [r.terrain.title() for r in board],
        "symbols": [sorted(r.symbols) for r in board],
        "name": [r.name for r in board],
        **columns,
    }
    frame = gpd.GeoDataFrame(data, geometry=[r.polygon for r in board])
    with pywarnings.catch_warnings():
        pywarnings.simplefilter("ignore")  # "no CRS": a board has none
        frame.to_file(path, driver="GeoJSON", engine="pyogrio")


def test_a_board_written_by_geopandas_opens_checks_and_edits(tmp_path: Path) -> None:
    official = official_board(3)
    path = tmp_path / "from_geopandas.geojson"
    geopandas_board(path, official)
    assert "board" not in json.loads(path.read_text())
    found: list[MapWarning] = []
    draft = ed.from_geojson(path, warnings=found)
    board = draft.board
    assert board.ids == official.ids
    assert [r.terrain for r in board] == [r.terrain for r in official]
    assert [r.symbols for r in board] == [r.symbols for r in official]
    assert (board.players, board.turns) == (3, 10)
    assert validate(board) == []
    assert board.topology.borders == official.topology.borders
    assert board.first_conquest_regions == official.first_conquest_regions
    assert "no outline" in texts(found) and "terrain 'Hill' read as 'hill'" in texts(found)
    edited = ed.set_terrain(draft, board.ids[1], "swamp")
    assert edited.board[board.ids[1]].terrain == "swamp"
    saved = tmp_path / "saved.geojson"
    write_board(edited.board, saved)
    assert read_board(saved)[board.ids[1]].terrain == "swamp"


def test_a_geopandas_board_with_multipolygons_and_counts_in_columns(tmp_path: Path) -> None:
    gpd = pytest.importorskip("geopandas", reason="the test extra (geopandas, pyogrio)")
    official = official_board(2)
    frame_path = tmp_path / "multi.geojson"
    geopandas_board(frame_path, official)
    doc = json.loads(frame_path.read_text())
    assert doc["features"][0]["geometry"]["type"] == "Polygon"
    multi = gpd.read_file(frame_path)
    multi["geometry"] = [shapely.MultiPolygon([g]) for g in multi.geometry]
    with pywarnings.catch_warnings():
        pywarnings.simplefilter("ignore")
        multi.to_file(tmp_path / "multi2.geojson", driver="GeoJSON", engine="pyogrio")
    found: list[MapWarning] = []
    board = read_board(tmp_path / "multi2.geojson", players=2, turns=10, warnings=found)
    assert validate(board) == []
    assert f"{len(official)} regions (" in texts(found) and "a MultiPolygon of one part" in texts(
        found
    )


def test_what_swlab_writes_is_read_by_geopandas(tmp_path: Path) -> None:
    pyogrio = pytest.importorskip("pyogrio", reason="the test extra (geopandas, pyogrio)")
    official = official_board(5)
    path = tmp_path / "swlab.geojson"
    write_board(official, path)
    frame = pyogrio.read_dataframe(path, fid_as_index=True)
    assert list(frame.index) == list(official.ids)
    assert list(frame["terrain"]) == [r.terrain for r in official]
    assert [set(s) for s in frame["symbols"]] == [set(r.symbols) for r in official]
    for region, shape in zip(official, frame.geometry, strict=True):
        assert shape.equals(region.polygon)


def test_a_geopandas_board_checks_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "qgis_like.geojson"
    geopandas_board(path, official_board(4))
    assert main(["map", "check", str(path), "--players", "4"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("OK: qgis_like — 39 regions")
    assert "4 players, 9 turns" in captured.out


def test_duplicate_symbol_written_by_geopandas_is_read_once(tmp_path: Path) -> None:
    # issue 27: refused before; a GIS attribute listing a symbol twice still opens
    official = official_board(2)
    path = tmp_path / "twice.geojson"
    symbols = [sorted(r.symbols) for r in official]
    symbols[3] = ["mine", "mine"]
    geopandas_board(path, official, symbols=symbols)
    found: list[MapWarning] = []
    board = read_board(path, warnings=found)
    assert board[4].symbols == {"mine"}
    assert "feature #3 (region 4): a symbol listed twice: read once" in texts(found)
