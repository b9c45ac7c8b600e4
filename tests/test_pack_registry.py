"""fzsim.pack_registry: one entry per rule pack, each piece it names real and the pack's own."""
import pathlib
import re
from importlib import resources

import pytest

from fzsim import rules
from fzsim.pack_registry import DEFAULT_PACK, DEFAULT_VARIANT, REGISTRY, PackEntry, pack_of_preset
from fzsim_core.packs.registry import PACKS as CORE_PACK_IDS
from fzsim_core.rules import HEADER_FIELDS

ENTRIES = list(REGISTRY.values())


def test_the_registry_is_the_cores_packs_in_order():
    assert {name: i for i, name in enumerate(REGISTRY)} == CORE_PACK_IDS
    assert rules.PACKS == tuple(REGISTRY) == rules.FIELDS["pack"].choices


def test_the_core_registry_declares_the_ids_and_the_default_pack():
    """PackId and DEFAULT_PACK live in the core registry (fzsim_core/packs/registry.pxd), whose names
    and default agree with the Python registry and the rules header (rules.pyx cannot cimport the
    registry, so the header's `pack` is a literal checked here)."""
    pxd = (pathlib.Path(__file__).resolve().parents[1] / "fzsim_core" / "packs" / "registry.pxd").read_text(
        encoding="utf-8")
    ids = {m[1].lower(): int(m[2]) for m in re.finditer(r"^\s*PACK_([A-Z]+) = (\d+)", pxd, re.M)}
    assert ids == CORE_PACK_IDS
    default = re.search(r"^\s*DEFAULT_PACK = PACK_([A-Z]+)", pxd, re.M)[1].lower()
    assert default == DEFAULT_PACK and HEADER_FIELDS["pack"] == CORE_PACK_IDS[DEFAULT_PACK]
    assert DEFAULT_VARIANT == REGISTRY[DEFAULT_PACK].presets[0] and rules.load().name == DEFAULT_VARIANT
    pxd_rules = (pathlib.Path(__file__).resolve().parents[1] / "fzsim_core" / "rules.pxd").read_text(encoding="utf-8")
    assert "PACK_" not in pxd_rules.replace("PACK_OPTIONS_MAX", "")


def test_every_preset_file_is_one_packs_and_plays_it():
    """A pack's presets are package data in its own package's presets/ folder, found through the registry."""
    listed = [preset for entry in ENTRIES for preset in entry.presets]
    assert len(set(listed)) == len(listed)
    for entry in ENTRIES:
        if entry.presets_package is None:
            assert entry.presets == ()
            continue
        assert entry.presets_package == f"fzsim.packs.{entry.name}"
        files = {p.name[:-5] for p in (resources.files(entry.presets_package) / "presets").iterdir()
                 if p.name.endswith(".toml")}
        assert sorted(entry.presets) == sorted(files), entry.name
        assert all(rules.preset_file(preset).is_file() for preset in entry.presets)
    root = pathlib.Path(__file__).resolve().parents[1] / "fzsim"
    assert not (root / "presets").exists()     # no shared preset folder
    assert tuple(rules.PRESETS) == tuple(listed)       # `fzsim variants` lists them pack by pack
    for entry in ENTRIES:
        for preset in entry.presets:
            cfg = rules.load(preset)
            assert cfg["pack"] == entry.name and cfg["scoring"] in entry.scoring
            assert all(cfg[k] == v for k, v in entry.requires.items()), preset
            assert pack_of_preset(preset) is entry
    assert pack_of_preset("docs/examples/plain.toml") is None and pack_of_preset(rules.load("fuzhou")) is None


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_each_named_piece_is_there_and_serves_the_packs_presets(entry: PackEntry):
    calculator = entry.resolve("calculator")
    if entry.name == "plain":     # the minimal example: the engine pack only
        assert [entry.resolve(w) for w in ("calculator", "probability", "replay_terms", "score_command")] == [None] * 4
        return
    assert calculator is not None
    declared = getattr(calculator, "VARIANTS", None) or getattr(calculator, "VARIANT", None)
    if declared is not None:     # a pack calculator says which presets it scores
        assert tuple([declared] if isinstance(declared, str) else declared) == entry.presets
    probability = entry.resolve("probability")
    if probability is not None and hasattr(probability, "VARIANTS"):
        assert tuple(probability.VARIANTS) == entry.presets
    command = entry.resolve("score_command")
    if command is not None:
        assert callable(command.add_arguments) and callable(command.run)
    terms = entry.resolve("replay_terms")
    assert (terms is None) == (entry.name == "fuzhou")   # Fuzhou's replay line is the row's F/K/G/L/S
    assert terms is None or callable(terms)


def test_a_piece_that_is_not_there_is_a_clear_error():
    broken = PackEntry("x", (), (), calculator="fzsim.no_such_module")
    with pytest.raises(ModuleNotFoundError, match="fzsim.no_such_module"):
        broken.resolve("calculator")
    with pytest.raises(AttributeError):
        PackEntry("x", (), (), replay_terms="fzsim.game:_no_such_terms").resolve("replay_terms")
    with pytest.raises(TypeError):   # the entry is frozen data
        REGISTRY["fuzhou"].requires["chow"] = False


def test_the_scoring_families_keep_the_cores_numbers():
    """The `scoring` values come from the registry's packs, in the order of the core's enum
    (SCORING_* in the core registry, fzsim_core/packs/registry.pxd), which the compiled rules store as ints."""
    core_dir = pathlib.Path(__file__).resolve().parents[1] / "fzsim_core"
    pxd = (core_dir / "packs/registry.pxd").read_text(encoding="utf-8")
    core = {m[1].lower(): int(m[2]) for m in re.finditer(r"^\s*SCORING_([A-Z]+) = (\d+)", pxd, re.M)}
    assert core == {name: i for i, name in enumerate(rules.FIELDS["scoring"].choices)}


def test_fzsim_score_never_scores_another_packs_variant_with_fuzhous_calculator(tmp_path, capsys):
    from fzsim.cli import main

    hand = ["123m456m789m123p55s", "--pung", "7p", "--gold", "9s"]
    assert main(["score", *hand, "--variant", "docs/examples/plain.toml"]) == 2
    assert ("variant 'plain' plays the plain pack, not the one Fuzhou's calculator scores; that pack has no"
            " scoring calculator") in capsys.readouterr().err
    path = tmp_path / "my-sichuan.toml"
    path.write_text('preset = "sichuan"\n[rules]\nsc_fan_cap = 2\n', encoding="utf-8")
    assert main(["score", *hand, "--variant", str(path)]) == 2
    assert ("plays the sichuan pack, not the one Fuzhou's calculator scores; score it with that pack's calculator:"
            " fzsim score --variant sichuan | xuezhan") in capsys.readouterr().err
    # a Fuzhou variant file or overrides still score as before
    assert main(["score", *hand, "--variant", "lianzhong", "--set", "guoshui=false", "--json"]) == 0
    assert '"total"' in capsys.readouterr().out


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_each_packs_records_keys_and_score_route_are_its_own(entry: PackEntry):
    """The pieces the shared modules reach a pack through (wins table, elements, re-score, replay,
    fzsim.score, rule keys) resolve, and each module named lives in the pack's own package (the
    plain example pack borrows Fuzhou's record names and elements)."""
    pieces = ("record_names", "base_patterns", "elements", "rescore", "replay_terms", "describe_win", "rule_keys",
              "calculator", "probability", "score_command")
    home = "fuzhou" if entry.name == "plain" else entry.name
    for piece in pieces:
        ref = getattr(entry, piece)
        if ref is None:
            continue
        module = ref.partition(":")[0]
        assert module.startswith(f"fzsim.packs.{home}.") or module == "fzsim.prob", (entry.name, piece, ref)
        assert entry.resolve(piece) is not None
    for piece in ("record_names", "base_patterns"):
        if getattr(entry, piece):
            got = entry.resolve(piece)()
            assert isinstance(got, (tuple, list))
    keys = entry.resolve("rule_keys") or ()
    assert all(f.pack == entry.name for f in keys) and {f.name for f in keys} <= set(rules.pack_keys(entry.name))
    assert {k for k, f in rules.FIELDS.items() if f.pack == entry.name} == {f.name for f in keys}


def _imports(path: pathlib.Path) -> set[str]:
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def test_no_pack_imports_another_and_shared_code_reaches_packs_through_the_registry():
    """fzsim/packs/<pack>/ imports no other pack's package (they share fzsim/packs/kit.py), and no
    shared module imports a pack's package, except the top-level names `fzsim` exports (fzsim.fans,
    fzsim.ScoreReport). There is no shared Botzone package: the kit is 国标's (fzsim/packs/guobiao/botzone/)."""
    root = pathlib.Path(__file__).resolve().parents[1] / "fzsim"
    packs = [p.name for p in (root / "packs").iterdir() if (p / "__init__.py").exists()]
    assert set(packs) == set(REGISTRY) - {"plain"}
    assert not (root / "botzone").exists()
    for pack in packs:
        for path in (root / "packs" / pack).rglob("*.py"):
            other = {m for m in _imports(path) for p in packs if p != pack and m.startswith(f"fzsim.packs.{p}")}
            assert not other, (path, other)
    allowed = {root / "__init__.py"}
    for path in root.rglob("*.py"):
        if root / "packs" in path.parents or path in allowed:
            continue
        named = {m for m in _imports(path) if m.startswith("fzsim.packs.") and not m.startswith("fzsim.packs.kit")}
        assert not named, (path, named)


def test_seats_outside_fzsim_are_a_packs_and_reached_through_the_registry():
    """A pack's SeatKind (Botzone bots: ``botzone:cmd=...``) names its parser, its test of a seat and
    its block player in its own package; the shared side (fzsim.policyspec) finds them by prefix."""
    from fzsim import policyspec
    from fzsim.pack_registry import SeatKind, seat_kinds
    from fzsim_core import engine

    kinds = seat_kinds()
    assert [(k.prefix, k.what) for k in kinds] == [("botzone:", "Botzone bot seats")]
    assert kinds == REGISTRY["guobiao"].seat_kinds and isinstance(kinds[0], SeatKind)
    for kind in kinds:
        home = next(e.name for e in ENTRIES if kind in e.seat_kinds)
        pieces = (kind.parse, kind.claims, kind.play_block)
        assert all(piece.startswith(f"fzsim.packs.{home}.") for piece in pieces)
    bot = "botzone:cmd=python bot.py;io=simple"
    assert policyspec.seat_kind(bot) is kinds[0] and policyspec.seat_kind(" " + bot) is kinds[0]
    assert policyspec.seat_kind("greedy") is None and policyspec.seat_kind(None) is None
    parsed = policyspec.parse_outside_seat(bot)
    assert policyspec.seat_kind(parsed) is kinds[0] and policyspec.parse_outside_seat("greedy") is None
    with pytest.raises(ValueError, match="names no command"):
        policyspec.parse_outside_seat("botzone:io=json")
    from fzsim.packs.guobiao.botzone.bot import PREFIX, play_block_with_bots

    assert PREFIX == kinds[0].prefix
    assert policyspec.block_player(["greedy", bot, "greedy", "greedy"]) is play_block_with_bots
    assert policyspec.block_player(["greedy", parsed, "greedy", "greedy"], "seat") is play_block_with_bots
    assert policyspec.block_player(["greedy"] * 4) is engine.play_block
    assert policyspec.block_player(["greedy"] * 4, "seat").keywords == {"seat_draws": True}
    policyspec.refuse_coupled_draws("wall", [["greedy", bot, "greedy", "greedy"]])
    policyspec.refuse_coupled_draws("seat", [["greedy"] * 4])
    with pytest.raises(ValueError, match="draws='seat' is played by the engine's own seats only, not with Botzone"
                                         " bot seats"):
        policyspec.refuse_coupled_draws("seat", [["greedy"] * 4, [bot] + ["greedy"] * 3])


def test_log_formats_are_a_packs_and_add_their_own_subcommands():
    """``fzsim import FORMAT`` / ``fzsim export FORMAT`` are the packs' LogFormats: each names its
    commands module in its own package, the policy its imported games' seats record and the rule
    keys a simulated run is compared on."""
    from fzsim.cli import build_parser
    from fzsim.pack_registry import LogFormat, log_formats, resolve_ref
    from fzsim.packs.guobiao.botzone import importer

    formats = log_formats()
    assert [f.name for f in formats] == ["botzone"] and formats == REGISTRY["guobiao"].log_formats
    fmt = formats[0]
    assert isinstance(fmt, LogFormat) and fmt.commands.startswith("fzsim.packs.guobiao.")
    assert fmt.logged_policy == importer.POLICY and set(fmt.rule_keys) <= set(rules.pack_keys("guobiao"))
    parser = build_parser()
    imported = parser.parse_args(["import", "botzone", "a.txt", "--out", "d"])
    exported = parser.parse_args(["export", "botzone", "d", "--out", "f.txt"])
    commands = resolve_ref(fmt.commands)
    assert imported.func is commands.run_import and exported.func is commands.run_export


def test_each_packs_record_kinds_are_its_pxds_codes():
    """A pack names its own record kinds (`PackEntry.record_kinds`) with the codes its pxd declares
    (`<PREFIX>_PAY_<NAME> = code`); the core's winrec.pxd names only the flow's win."""
    from fzsim.pack_registry import RECORD_KINDS
    from fzsim.wins_table import RECORD_NAMES

    root = pathlib.Path(__file__).resolve().parents[1] / "fzsim_core"
    for entry in ENTRIES:
        if not entry.record_kinds:
            continue
        pxd = "\n".join(p.read_text(encoding="utf-8") for p in (root / "packs" / entry.name).glob("*.pxd"))
        declared = {m[1].lower(): int(m[2]) for m in re.finditer(r"^\s*[A-Z]+_PAY_([A-Z_]+) = (\d+)", pxd, re.M)}
        assert {k: declared.get(k) for k in entry.record_kinds} == dict(entry.record_kinds), entry.name
    assert RECORD_NAMES == ["win", "chajiao", "huazhu", "dajiao", "shaozhuang", "kong", "kong_refund",
                            "kong_transfer"]       # the stored wins tables' `record` dictionary, unchanged
    assert RECORD_KINDS["win"] == 0
    winrec = (root / "winrec.pxd").read_text(encoding="utf-8")
    assert set(re.findall(r"^\s*(REC_[A-Z_]+) = ", winrec, re.M)) == {"REC_TILES", "REC_MELDS", "REC_WIN",
                                                                       "REC_PACK_FIRST"}


#: every pack's name (and PACK_ id) appears only in the two registries and its own folders (issue 25's
#: grep floor): name -> its home folder under packs/ (xuezhan is a variant of the sichuan pack)
_AT_THE_FLOOR = {"fuzhou": "fuzhou", "sichuan": "sichuan", "xuezhan": "sichuan", "guobiao": "guobiao",
                 "beijing": "beijing", "shanghai": "shanghai"}


@pytest.mark.parametrize("name", sorted(_AT_THE_FLOOR))
def test_a_pack_at_the_grep_floor_is_named_only_by_the_registries_and_its_own_folders(name):
    """``git grep -il -e NAME -e PACK_NAME -- fzsim fzsim_core ':!*.c'`` lists only the registries and
    the pack's own folders (presets included: fzsim/packs/<pack>/presets/)."""
    root = pathlib.Path(__file__).resolve().parents[1]
    assert set(_AT_THE_FLOOR.values()) | {"plain"} == set(REGISTRY)   # every pack is held to it
    home = _AT_THE_FLOOR[name]
    needle = re.compile(f"{name}|PACK_{name.upper()}", re.I)
    found = sorted(
        str(p.relative_to(root)) for top in ("fzsim", "fzsim_core") for p in (root / top).rglob("*")
        if p.suffix in (".py", ".pyx", ".pxd", ".pyi", ".toml", ".md", ".txt", ".json") and p.is_file()
        and f"packs/{home}/" not in p.as_posix() and "packs/registry" not in p.as_posix()
        and "pack_registry" not in p.name and needle.search(p.read_text(encoding="utf-8")))
    assert found == [], f"{name} is named outside the registries and packs/{home}/: {found}"
