"""Write the malformed-input corpus: scenario, record and map files, each broken one way.

``python tests/data/malformed/build_corpus.py`` (re)writes ``scenarios/``, ``records/`` and
``maps/`` beside this script and ``corpus.json``, which gives for every file the ``swlab``
command that reads it and the text its one ``swlab: error:`` line must contain.
``tests/test_malformed_corpus.py`` runs each through the CLI in a subprocess with a memory
limit and a time budget. Files too large or too special to keep in the repository (devices,
FIFOs, files of many megabytes) are made by the test itself.

The cases follow issue 13: alias bombs, deep nesting, text that is not UTF-8, oversized
fields, action notation the engine cannot write back, records that fail on replay, and the
ordinary schema mistakes, so that every refusal is shown to be one clear line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOLDEN = HERE.parent / "records" / "golden_2p.json"

BASE_SCENARIO = "title: Corpus base\nboard: official_2p\nplayers: [Ann, Bob]\n"

#: name -> (file bytes, command words before the file, text the error line contains)
Case = tuple[bytes, list[str], str]


def scenario_cases() -> dict[str, Case]:
    check = ["scenario", "check"]
    aliases = "YAML aliases (*name) repeat more than 100,000 values"
    cases: dict[str, Case] = {}

    def add(name: str, data: bytes | str, text: str, command: list[str] = check) -> None:
        cases[f"scenarios/{name}"] = (
            data.encode("utf-8") if isinstance(data, str) else data,
            command,
            text,
        )

    # --- alias bombs ("billion laughs"): refused while composing, fast
    lol = "\n".join(
        [f"a: &a [{', '.join(['lol'] * 9)}]"]
        + [
            f"{chr(98 + k)}: &{chr(98 + k)} [{', '.join([f'*{chr(97 + k)}'] * 9)}]"
            for k in range(8)
        ]
    )
    add("alias_bomb_324_bytes.yaml", lol + "\n", aliases)
    indented = "\n".join(f"  {line}" for line in lol.splitlines())
    add("alias_bomb_in_description.yaml", f"{BASE_SCENARIO}bombs:\n{indented}\ndescription: *i\n",
        aliases)  # fmt: skip
    levels = [f"l0: &l0 {{{', '.join(f'k{i}: v' for i in range(10))}}}"] + [
        f"l{k}: &l{k} {{{', '.join(f'k{i}: *l{k - 1}' for i in range(10))}}}" for k in range(1, 7)
    ]
    add("alias_bomb_mappings.yaml", "\n".join(levels) + "\n", aliases)
    merge = ["m0: &m0 {" + ", ".join(f"k{i}: v" for i in range(10)) + "}"]
    merge += [f"m{k}: &m{k} {{<<: [*m{k - 1}, *m{k - 1}], x{k}: 1}}" for k in range(1, 25)]
    add("alias_bomb_merge_keys.yaml", "\n".join(merge) + "\n", aliases)
    nested = BASE_SCENARIO.replace("players: [Ann, Bob]", "players: &p [Ann, Bob]")
    add(
        "alias_bomb_under_regions.yaml",
        "\n".join(
            [nested.rstrip(), "regions:", "  1: &r1 {tokens: [" + ", ".join(["*p"] * 40) + "]}"]
            + [f"  {k}: &r{k} [{', '.join([f'*r{k - 1}'] * 40)}]" for k in range(2, 6)]
        )
        + "\n",
        aliases,
    )
    add("alias_recursive.yaml", BASE_SCENARIO + "die: &d [*d]\n", "stands inside the value")
    add("alias_undefined.yaml", BASE_SCENARIO + "die: *nowhere\n", "not valid YAML")

    # --- nesting
    add("nesting_1000_flow.yaml", BASE_SCENARIO + "die: " + "[" * 1000 + "]" * 1000 + "\n",
        "nested more than 40 deep")  # fmt: skip
    add(
        "nesting_300_block.yaml",
        BASE_SCENARIO + "".join(f"{' ' * k}k{k}:\n" for k in range(300)) + " " * 300 + "v\n",
        "nested more than 40 deep",
    )
    add("nesting_1000_mappings.yaml", BASE_SCENARIO + "die: " + "{a: " * 1000 + "1" + "}" * 1000,
        "nested more than 40 deep")  # fmt: skip
    add("nesting_20000.json", '{"board": "official_2p", "die": ' + "[" * 20_000 + "]" * 20_000
        + "}", "nested more than 40 deep")  # fmt: skip
    add("nesting_1000.json", '{"board": "official_2p", "die": ' + "[" * 1000 + "]" * 1000 + "}",
        "nested more than 40 deep")  # fmt: skip
    add("nesting_41.yaml", BASE_SCENARIO + "die: " + "[" * 41 + "]" * 41 + "\n",
        "nested more than 40 deep")  # fmt: skip

    # --- encodings
    add("latin1_title.yaml", BASE_SCENARIO.replace("Corpus base", "Café").encode("latin-1"),
        "not UTF-8 text (byte 10: invalid continuation byte); it looks like Latin-1")  # fmt: skip
    add("utf16_le_bom.yaml", b"\xff\xfe" + BASE_SCENARIO.encode("utf-16-le"),
        "byte 0: invalid start byte); it looks like UTF-16")  # fmt: skip
    add("utf16_be_bom.yaml", b"\xfe\xff" + BASE_SCENARIO.encode("utf-16-be"),
        "byte 0: invalid start byte); it looks like UTF-16")  # fmt: skip
    add("utf16_le_no_bom.yaml", BASE_SCENARIO.encode("utf-16-le"),
        "it looks like UTF-16 or another two-byte encoding")  # fmt: skip
    add("utf32_bom.yaml", BASE_SCENARIO.encode("utf-32"), "it looks like UTF-32")
    add("windows1252_quotes.yaml", BASE_SCENARIO.replace("Corpus base", "“Hi”").encode("cp1252"),
        "it looks like Windows-1252")  # fmt: skip
    add("nul_byte.yaml", BASE_SCENARIO.encode() + b"\x00\n",
        "holds a NUL byte at byte 58: a binary file, not text")  # fmt: skip
    add("truncated_utf8.yaml", BASE_SCENARIO.encode() + "title2: é".encode()[:-1],
        "not UTF-8 text (byte 66: unexpected end of data)")  # fmt: skip
    add("utf8_bom_then_latin1.yaml", b"\xef\xbb\xbf" + "title: Café\n".encode("latin-1"),
        "not UTF-8 text (byte 13")  # fmt: skip

    # --- field sizes
    add("title_too_long.yaml", BASE_SCENARIO.replace("Corpus base", "T" * 201),
        "title: 201 characters, more than the 200 allowed")  # fmt: skip
    add("description_too_long.yaml", BASE_SCENARIO + "description: " + "d" * 20_001 + "\n",
        "description: 20,001 characters, more than the 20,000 allowed")  # fmt: skip
    add("player_name_too_long.yaml", BASE_SCENARIO.replace("Ann", "A" * 101),
        "players.0: 101 characters, more than the 100 allowed")  # fmt: skip
    add(
        "player_mapping_name_too_long.yaml",
        BASE_SCENARIO.replace("[Ann, Bob]", f"[{{name: {'B' * 150}}}, Bob]"),
        "players.0.name: 150 characters",
    )
    add(
        "inline_board_name_too_long.yaml",
        "board:\n  name: " + "n" * 300 + "\n  regions:\n    - {id: 1, terrain: hill, edge: true}\n"
        "players: [Ann, Bob]\n",
        "name: 300 characters, more than the 100 allowed",
    )
    add(
        "inline_region_name_too_long.yaml",
        "board:\n  regions:\n    - {id: 1, terrain: hill, edge: true, name: " + "r" * 101 + "}\n"
        "players: [Ann, Bob]\n",
        "regions[0] (region 1).name: 101 characters",
    )

    # --- what YAML must never do
    add("python_object_tag.yaml", BASE_SCENARIO + "seed: !!python/object/apply:os.system [id]\n",
        "not valid YAML: could not determine a constructor")  # fmt: skip
    add("python_name_tag.yaml", BASE_SCENARIO + "title2: !!python/name:os.system ''\n",
        "not valid YAML: could not determine a constructor")  # fmt: skip
    add("huge_integer.yaml", BASE_SCENARIO + "seed: " + "9" * 5000 + "\n",
        "a number has more than 4,300 digits")  # fmt: skip
    add("huge_integer.json", '{"board": "official_2p", "seed": ' + "9" * 5000 + "}",
        "a number has more than 4,300 digits")  # fmt: skip
    add("impossible_date.yaml", BASE_SCENARIO.replace("Corpus base", "2023-02-30"),
        "not valid YAML: a value cannot be read (day is out of range for month)")  # fmt: skip
    add("duplicate_key.yaml", BASE_SCENARIO + "regions:\n  3: {}\n  3: {}\n",
        "regions.3: the key '3' appears twice (line 6)")  # fmt: skip
    add("duplicate_top_key.yaml", BASE_SCENARIO + "title: Again\n",
        "title: the key 'title' appears twice (line 4)")  # fmt: skip
    add("duplicate_key_hex.yaml", BASE_SCENARIO + "regions:\n  12: {}\n  0xC: {}\n",
        "regions.0xC: the key '0xC' (line 6) is the key '12' of line 5 again: YAML reads "
        "both as 12")  # fmt: skip
    add("duplicate_key_octal.yaml", BASE_SCENARIO + "regions:\n  13: {}\n  015: {}\n",
        "the key '015' (line 6) is the key '13' of line 5 again")  # fmt: skip
    add("region_listed_twice.json",
        '{"board": "official_2p", "players": ["Ann", "Bob"], "regions": {"12": {}, "012": {}}}',
        "regions.012: region 12 is listed twice (also as regions.12)")  # fmt: skip
    add("mountain_removed.yaml", BASE_SCENARIO + "regions:\n  6: {mountain: false}\n",
        "regions.6.mountain: Mountain (6) is a Mountain region: its Mountain is never "
        "removed, so it stays true (R-CONQ-9)")  # fmt: skip

    # --- syntax and shape
    add("empty.yaml", "", "a scenario is a mapping")
    add("only_comments.yaml", "# nothing here\n", "a scenario is a mapping")
    add("top_level_list.yaml", "- board: official_2p\n", "a scenario is a mapping")
    add("top_level_text.yaml", "just some words\n", "a scenario is a mapping")
    add("unclosed_flow.yaml", "board: [official_2p\n",
        "not valid YAML: while parsing a flow sequence: did not find expected")  # fmt: skip
    add("tab_indent.yaml", "board: official_2p\nplayers:\n\t- Ann\n",
        "found character that cannot start any token (line 3, column 1)")  # fmt: skip
    add("two_documents.yaml", BASE_SCENARIO + "---\n" + BASE_SCENARIO,
        "not valid YAML: expected a single document in the stream: but found another "
        "document")  # fmt: skip
    add("trailing_garbage.json", '{"board": "official_2p"} x',
        "not valid JSON: Extra data (line 1, column 26)")  # fmt: skip
    add("unknown_key.yaml", BASE_SCENARIO + "colour: blue\n", "colour: unknown key 'colour'")
    add("title_not_text.yaml", BASE_SCENARIO.replace("Corpus base", "[1, 2]"),
        "title: expected text, got [1, 2]")  # fmt: skip
    add("seed_float.yaml", BASE_SCENARIO + "seed: 2.5\n", "seed: expected a whole number")
    add("seed_boolean.yaml", BASE_SCENARIO + "seed: true\n", "seed: expected a whole number")
    add("board_fifo_path.yaml", BASE_SCENARIO.replace("official_2p", "/dev/zero"),
        "board: /dev/zero: is a device, not a regular file")  # fmt: skip
    add("board_folder_path.yaml", BASE_SCENARIO.replace("official_2p", "/tmp/"),
        "board: /tmp: a folder, not a board file")  # fmt: skip
    add("inline_board_bad_neighbour.yaml",
        "board:\n  regions:\n    - {id: 1, terrain: hill, edge: true, neighbours: [true]}\n"
        "players: [Ann, Bob]\n", "neighbours[0]: expected an integer, got true")  # fmt: skip
    return cases


def record_cases() -> dict[str, Case]:
    check = ["record", "check"]
    golden: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    head = {k: v for k, v in golden.items() if k != "actions"}
    cases: dict[str, Case] = {}

    def add(name: str, data: bytes | str, text: str) -> None:
        cases[f"records/{name}"] = (
            data.encode("utf-8") if isinstance(data, str) else data,
            check,
            text,
        )

    def with_actions(actions: list[Any], **changes: Any) -> str:
        return json.dumps({**head, **changes, "actions": actions}, ensure_ascii=False)

    ascii_digits = "must be a whole number of ASCII digits"
    # --- action notation the engine cannot write back
    for name, action, text in (
        ("conquer_float", "conquer 2.0", f"actions.1: 'conquer 2.0': a region id {ascii_digits}"),
        ("pick_true", "pick True", f"'pick True': the column position {ascii_digits}"),
        ("roll_float", "roll 2.0", f"'roll 2.0': the die face {ascii_digits}"),
        ("roll_seven", "roll 7", "'roll 7': the reinforcement die shows 0, 1, 2 or 3 (R-COMP-5)"),
        ("fullwidth_digit", "conquer \uff13", "plain ASCII; '\uff13' (U+FF13) is not"),
        ("arabic_indic_digit", "conquer \u0663", "plain ASCII; '\u0663' (U+0663) is not"),
        ("underscore_digits", "conquer 1_0", f"'conquer 1_0': a region id {ascii_digits}"),
        ("plus_sign", "conquer +3", f"a region id {ascii_digits}, not '+3'"),
        ("nbsp_separator", "conquer\u00a03", "'\\xa0' (U+00A0) is not"),
        ("em_space_separator", "conquer\u20033", "'\\u2003' (U+2003) is not"),
        ("unit_separator", "conquer\x1f3", "'\\x1f' (U+001F) is not"),
        ("too_many_digits", "conquer " + "9" * 19, f"a region id {ascii_digits}"),
        ("deploy_float_count", "deploy 3:2.0", f"a token count {ascii_digits}, not '2.0'"),
        ("deploy_no_colon", "deploy 3", "write each placement as REGION:TOKENS"),
        ("peace_word", "peace one", f"'peace one': a seat number {ascii_digits}"),
        ("unknown_verb", "fly 3", "unknown action 'fly' in 'fly 3'"),
        ("empty_action", "   ", "actions.1: an empty string is not an action"),
        ("two_arguments", "conquer 3 4", "'conquer 3 4': 'conquer' takes exactly one argument"),
        ("argument_to_end", "end now", "'end now': 'end' takes no argument"),
    ):
        add(f"{name}.json", with_actions(["pick 0", action]), text)
    add("action_not_text.json", with_actions(["pick 0", 3]), "actions: must be a list of strings")
    add("actions_not_list.json", with_actions("pick 0"), "actions: must be a list of strings")  # type: ignore[arg-type]

    # --- replay failures name the action and the rule
    add("replay_refused.json", with_actions(["pick 0", "conquer 10"]),
        "actions.1: action 2 ('conquer 10') is refused")  # fmt: skip
    add("replay_pick_out_of_column.json", with_actions(["pick 9"]),
        "action 1 ('pick 9') is refused: ")  # fmt: skip
    add("replay_end_before_pick.json", with_actions(["decline"]),
        "actions.0: action 1 ('decline') is refused: ")  # fmt: skip

    # --- the header
    add(
        "format_wrong.json",
        with_actions([], format="a game"),
        "format: must be 'swlab game record'",
    )
    add(
        "version_wrong.json",
        with_actions([], version=9),
        "version: this swlab reads versions 1 and 2",
    )
    add("players_not_list.json", with_actions([], players="Ann, Bob"),
        "players: must be a list of strings")  # fmt: skip
    add("player_name_too_long.json", with_actions([], players=["A" * 101, "Bob"]),
        "players.0: 101 characters, more than the 100 allowed")  # fmt: skip
    add("board_name_too_long.json", with_actions([], board="b" * 101),
        "board: 101 characters, more than the 100 allowed")  # fmt: skip
    add("notes_too_long.json", with_actions([], notes="n" * 100_001),
        "notes: 100,001 characters, more than the 100,000 allowed")  # fmt: skip
    add("notes_not_text.json", with_actions([], notes=["x"]), "notes: must be text")
    add("unknown_field.json", with_actions([], colour="blue"), "colour: unknown field")
    add("seed_boolean.json", with_actions([], seed=True), "seed: must be a whole number")
    add("seed_float.json", with_actions([], seed=2.5), "seed: must be a whole number")
    add("unknown_board.json", with_actions([], board="official_9p"),
        "board: 'official_9p': no such file or shipped map")  # fmt: skip
    add("scenario_not_mapping.json", with_actions([], scenario=[1]),
        "scenario: must be a scenario mapping")  # fmt: skip
    add(
        "scenario_invalid.json",
        json.dumps({"format": "swlab game record", "version": 2, "board": "official-2p",
                    "players": ["Ann", "Bob"], "actions": [],
                    "scenario": {"board": "official_2p",
                                 "players": [{"name": "Ann", "coins": -1}, "Bob"]}}),
        "scenario.players.0.coins: coins cannot be negative",
    )  # fmt: skip
    add("top_level_list.json", "[1, 2]", "not a swlab game record")
    add("not_json.json", "{not json", "not valid JSON: Expecting property name enclosed")

    # --- nesting and encodings
    add("nesting_1000.json", '{"format": ' + "[" * 1000 + "]" * 1000 + "}",
        "nested more than 40 deep")  # fmt: skip
    add("nesting_20000.json", '{"notes": ' + "[" * 20_000 + "]" * 20_000 + "}",
        "nested more than 40 deep")  # fmt: skip
    add("scenario_nesting_1000.json", '{"scenario": {"die": ' + "[" * 1000 + "]" * 1000 + "}}",
        "nested more than 40 deep")  # fmt: skip
    add("latin1_notes.json", with_actions([], notes="Café").encode("latin-1"),
        "it looks like Latin-1")  # fmt: skip
    add("utf16.json", with_actions([]).encode("utf-16"), "it looks like UTF-16")
    add("nul_byte.json", b'{"format": "swlab game record"\x00}', "holds a NUL byte at byte 30")
    add("huge_integer.json", with_actions([]).replace('"seed": 2', '"seed": ' + "7" * 5000),
        "a number has more than 4,300 digits")  # fmt: skip

    # --- the text form
    text_head = (
        "swlab game record 1\nboard: official-2p\nplayers: Ann, Bob\nseed: 2\n"
        f"races: {', '.join(golden['races'])}\npowers: {', '.join(golden['powers'])}\n"
        "actions:\n"
    )
    add("text_seed_underscore.txt", text_head.replace("seed: 2", "seed: 1_0"),
        "seed: '1_0': the seed must be a whole number of ASCII digits")  # fmt: skip
    add("text_seed_fullwidth.txt", text_head.replace("seed: 2", "seed: \uff12"),
        "the seed must be a whole number of ASCII digits, not '\uff12'")  # fmt: skip
    add("text_missing_header.txt", "swlab game record 1\nboard: official-2p\nactions:\n",
        "game record misses players, powers, races, seed")  # fmt: skip
    add("text_bad_header_line.txt", text_head.replace("seed: 2", "seed 2"),
        "line 4: expected 'key: value', got 'seed 2'")  # fmt: skip
    add("text_bad_action.txt", text_head + "pick 0\nconquer 2.0\n",
        "line 9 (action 2): 'conquer 2.0': a region id")  # fmt: skip
    add("text_replay_refused.txt", text_head + "pick 0\nconquer 10\n",
        "actions.1: action 2 ('conquer 10') is refused")  # fmt: skip
    add("text_not_a_record.txt", "hello\n", "not a swlab game record: it must start with")
    add("two_players_named_alike.json", with_actions([], players=["Ann", "Ann"]),
        "players.1: 'Ann' is also the name of players.0: two players have the same "
        "name")  # fmt: skip
    add("text_two_players_named_alike.txt", text_head.replace("Ann, Bob", "Ann, Ann"),
        "players.1: 'Ann' is also the name of players.0")  # fmt: skip
    add("text_player_name_too_long.txt", text_head.replace("Ann", "A" * 120),
        "players: 120 characters, more than the 100 allowed")  # fmt: skip
    return cases


def map_cases() -> dict[str, Case]:
    check = ["map", "check"]
    cases: dict[str, Case] = {}

    def add(name: str, data: bytes | str, text: str) -> None:
        cases[f"maps/{name}"] = (
            data.encode("utf-8") if isinstance(data, str) else data,
            check,
            text,
        )

    head = '{"type": "FeatureCollection", "board": {"name": "m", "players": 2, "turns": 8'
    add("nesting_10000.geojson", head + ', "outline": ' + "[" * 10_000 + "]" * 10_000 + "}}",
        "nested more than 40 deep")  # fmt: skip
    add("nesting_1000.json", '{"regions": ' + "[" * 1000 + "]" * 1000 + "}",
        "nested more than 40 deep")  # fmt: skip
    add("utf16.geojson", (head + '}, "features": []}').encode("utf-16"), "it looks like UTF-16")
    add("latin1_name.geojson", (head.replace('"m"', '"Café"') + "}}").encode("latin-1"),
        "it looks like Latin-1")  # fmt: skip
    add("nul_byte.geojson", head.encode() + b"\x00}}",
        "holds a NUL byte at byte 77: a binary file, not text")  # fmt: skip
    add("board_name_too_long.geojson", head.replace('"m"', '"' + "m" * 101 + '"') + "}}",
        "field 'board.name': 101 characters, more than the 100 allowed")  # fmt: skip
    add("huge_integer.geojson", head.replace("8", "8" * 5000) + "}}",
        "a number has more than 4,300 digits")  # fmt: skip
    # --- issue 12: plain GeoJSON refused for what is wrong, one line naming the feature
    square = (
        '{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], '
        '[1, 0], [1, 1], [0, 1], [0, 0]]]}, "properties": {"terrain": "hill"%s}%s}'
    )
    plain = '{"type": "FeatureCollection", "features": [%s]}'
    add("plain_empty_collection.geojson", plain % "",
        "field 'features': is empty: a board needs at least one region")  # fmt: skip
    add("plain_coordinate_1e300.geojson",
        plain % square.replace("[1, 0]", "[1e300, 0]") % ("", ""),
        "field 'geometry.coordinates[0][1]': coordinate 1e+300 is beyond ±1e+09")  # fmt: skip
    add("plain_negative_id.geojson", plain % square % ("", ', "id": -4'),
        "feature #0: field 'id': a region id is a whole number of 0 or more, got -4")  # fmt: skip
    add("plain_negative_fid.geojson", plain % square % (', "fid": -1', ""),
        "field 'properties.fid': a region id is a whole number of 0 or more")  # fmt: skip
    two_parts = square.replace(
        '"Polygon", "coordinates": [', '"MultiPolygon", "coordinates": [['
    ).replace("]]]}", "]]], [[[2, 2], [3, 2], [3, 3], [2, 2]]]]}")
    add("plain_multipolygon_two_parts.geojson", plain % two_parts % ("", ""),
        "a MultiPolygon of 2 parts: a region is one piece of land")  # fmt: skip
    ided = square % ("", ', "id": 1')
    add("plain_one_feature_without_id.geojson",
        plain % ", ".join([ided, square.replace("hill", "forest") % (', "name": "Marsh"', "")]),
        "feature #1: field 'id': the region named 'Marsh' has no region id (id, properties.id, "
        "properties.fid), while feature #0 has one")  # fmt: skip
    add("plain_properties_list.geojson",
        '{"type": "FeatureCollection", "properties": ["name", 2, 10], "features": [%s]}'
        % (square % ("", "")),
        "field 'properties': expected an object (the map's name, players and turns), got a "
        "list")  # fmt: skip
    add("plain_nesting_10000.geojson",
        '{"type": "FeatureCollection", "features": ' + "[" * 10_000 + "]" * 10_000 + "}",
        "nested more than 40 deep")  # fmt: skip
    add("graph_region_name_too_long.json",
        '{"regions": [{"id": 1, "terrain": "hill", "edge": true, "name": "' + "r" * 101 + '"}]}',
        "regions[0] (region 1).name: 101 characters")  # fmt: skip
    return cases


def build() -> dict[str, dict[str, Any]]:
    """Write every case and ``corpus.json``; return the manifest."""
    manifest: dict[str, dict[str, Any]] = {}
    for folder in ("scenarios", "records", "maps"):
        (HERE / folder).mkdir(exist_ok=True)
        for old in (HERE / folder).iterdir():
            old.unlink()
    for name, (data, command, text) in {
        **scenario_cases(),
        **record_cases(),
        **map_cases(),
    }.items():
        (HERE / name).write_bytes(data)
        manifest[name] = {"command": command, "error": text}
    (HERE / "corpus.json").write_text(
        json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return manifest


if __name__ == "__main__":
    built = build()
    print(f"wrote {len(built)} files and corpus.json in {HERE}")
