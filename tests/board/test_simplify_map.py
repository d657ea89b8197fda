"""A map over the vertex limits (a detailed GIS export of a coastline) is read simplified
under them, shared borders kept together (issue 23): no gap or overlap opens, borders
(R-COMP-6) stay the same, and a warning gives the tolerance and the vertex counts; a map
beyond the hard limit is refused, naming it and the way to simplify.

The limits are lowered so that a small board plays the 10 MB file of
``benchmarks/map_checks.py`` (built by the same code, written by geopandas when installed).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest
import shapely

from swlab.board import MapFormatError, read_board
from swlab.board.io import MapWarning
from swlab.board.validate import validate
from swlab.board.voronoi import random_board
from swlab.safe_io import MAP_LIMITS

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "map_checks.py"


def _map_checks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("map_checks", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def coast(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A plain export of 30 regions and about 20,000 vertices, over limits of 4,000 a map
    and 1,000 a region (hard limit 100,000)."""
    checks = _map_checks()
    path = tmp_path / "coast.geojson"
    checks.write_plain(checks.detailed_board(random_board(30, seed=3), 20_000), path)
    monkeypatch.setitem(MAP_LIMITS, "map_vertices", 4_000)
    monkeypatch.setitem(MAP_LIMITS, "region_vertices", 1_000)
    monkeypatch.setitem(MAP_LIMITS, "simplify_vertices", 100_000)
    return path


def _vertices(polygons: list[shapely.Polygon]) -> int:
    return int(shapely.get_num_coordinates(polygons).sum())


def test_over_the_limit_is_refused_naming_the_way_to_simplify(coast: Path) -> None:
    with pytest.raises(MapFormatError) as refused:
        read_board(coast)
    message = str(refused.value)
    assert "4,000 vertices a map may have" in message
    assert "--simplify" in message and "simplify=True" in message


def test_simplified_without_gaps_or_overlaps_and_same_borders(
    coast: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warnings: list[MapWarning] = []
    board = read_board(coast, simplify=True, warnings=warnings)
    with monkeypatch.context() as lifted:  # the file as it is, read without simplifying
        lifted.setitem(MAP_LIMITS, "map_vertices", 10**6)
        lifted.setitem(MAP_LIMITS, "region_vertices", 10**6)
        original = read_board(coast)
    before = _vertices([r.polygon for r in original])
    after = _vertices([r.polygon for r in board])
    assert before > 4_000 and after <= 0.9 * 4_000
    assert all(shapely.get_num_coordinates(r.polygon) <= 1_000 for r in board)
    # the warning's figures are the counts of the map before and after
    said = [str(w) for w in warnings if "tolerance" in str(w)]
    assert len(said) == 1, warnings
    found = re.search(
        r"([\d,]+) vertices, more than the 4,000 a map may have: simplified with a "
        r"tolerance of ([\d.e+-]+) map units to ([\d,]+) vertices",
        said[0],
    )
    assert found is not None, said[0]
    assert int(found[1].replace(",", "")) == before
    assert int(found[3].replace(",", "")) == after
    assert float(found[2]) > 0
    # no problem the original did not have (gaps, overlaps, slivers ...), same borders
    had = {(p.kind, p.regions) for p in validate(original)}
    assert {(p.kind, p.regions) for p in validate(board)} <= had
    assert board.topology.borders == original.topology.borders
    assert [r.id for r in board] == [r.id for r in original]
    assert [r.terrain for r in board] == [r.terrain for r in original]


def test_beyond_the_hard_limit_is_refused_even_to_simplify(
    coast: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(MAP_LIMITS, "simplify_vertices", 10_000)
    with pytest.raises(MapFormatError) as refused:
        read_board(coast, simplify=True)
    message = str(refused.value)
    assert "10,000 vertices a map may have even to be simplified" in message
    assert "simplify it first" in message


def test_a_map_within_the_limits_is_read_as_it_is(tmp_path: Path) -> None:
    checks = _map_checks()
    path = tmp_path / "small.geojson"
    checks.write_plain(random_board(12, seed=0), path)
    warnings: list[MapWarning] = []
    simplified = read_board(path, simplify=True, warnings=warnings)
    assert not [w for w in warnings if "tolerance" in str(w)]
    plain = read_board(path)
    assert [r.polygon.wkb for r in simplified] == [r.polygon.wkb for r in plain]


def test_map_check_simplify_warns_then_checks(
    coast: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from swlab.cli import main

    assert main(["map", "check", str(coast)]) != 0
    refused = capsys.readouterr()
    assert "--simplify" in refused.err + refused.out
    code = main(["map", "check", str(coast), "--simplify", "--players", "5"])
    said = capsys.readouterr()
    assert "simplified with a tolerance of" in said.err
    assert code in (0, 1)  # checked: OK, or the map's own problems listed
    assert said.out.strip(), "the check's verdict is printed"
    assert "a map may have" not in said.out + said.err.split("simplified")[1]


def test_a_compact_map_file_reads_as_the_file(coast: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the editor keeps while it offers to simplify (rings as arrays) builds the same
    board, warnings and refusals as the file it came from."""
    from swlab.board.io import MapFile

    opened = MapFile.read(coast)
    kept = opened.compact()
    for simplify in (False, True):
        said: list[MapWarning] = []
        if not simplify:
            with pytest.raises(MapFormatError) as refused:
                kept.board()
            with pytest.raises(MapFormatError) as again:
                opened.board()
            assert str(refused.value) == str(again.value)
            continue
        board = kept.board(simplify=True, warnings=said)
        fresh: list[MapWarning] = []
        read = read_board(coast, simplify=True, warnings=fresh)
        assert [r.polygon.wkb for r in board] == [r.polygon.wkb for r in read]
        assert said == fresh
    # a limit lowered meanwhile is applied to the arrays too, naming the same position
    monkeypatch.setitem(MAP_LIMITS, "coordinate", 50.0)
    with pytest.raises(MapFormatError) as refused:
        kept.board(simplify=True)
    with pytest.raises(MapFormatError) as again:
        opened.board(simplify=True)
    assert "is beyond ±50" in str(refused.value)
    assert str(refused.value) == str(again.value)
