"""fzsim.pack_registry: one entry per rule pack, each piece it names real and the pack's own."""
import pathlib
import re
from importlib import resources

import pytest

from fzsim import rules
from fzsim.pack_registry import REGISTRY, PackEntry, pack_of_preset
from fzsim_core.packs.registry import PACKS as CORE_PACK_IDS

ENTRIES = list(REGISTRY.values())


def test_the_registry_is_the_cores_packs_in_order():
    assert {name: i for i, name in enumerate(REGISTRY)} == CORE_PACK_IDS
    assert rules.PACKS == tuple(REGISTRY) == rules.FIELDS["pack"].choices


def test_every_preset_file_is_one_packs_and_plays_it():
    files = {p.name[:-5] for p in (resources.files("fzsim") / "presets").iterdir() if p.name.endswith(".toml")}
    listed = [preset for entry in ENTRIES for preset in entry.presets]
    assert sorted(listed) == sorted(files) and len(set(listed)) == len(listed)
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
    (fzsim_core/rules.pxd SCORING_*), which the compiled rules store as ints."""
    pxd = (pathlib.Path(__file__).resolve().parents[1] / "fzsim_core" / "rules.pxd").read_text(encoding="utf-8")
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
