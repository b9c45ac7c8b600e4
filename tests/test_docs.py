"""Every Python example in README.md and in the docs pages (docs/**/*.md) runs and prints what the
page says it prints.

Each page's ```python blocks are one doctest, run in a fresh temporary folder (examples may write
results folders), so a page can build on its own earlier examples. A ```python block without a
``>>>`` prompt would never be run: it is refused, so every example shown is an executed one.
"""
import doctest
import os
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
PAGES = [p for p in PAGES if "_build" not in p.parts and "generated" not in p.parts]
FENCE = re.compile(r"^```python\n(.*?)^```", flags=re.S | re.M)


def python_blocks(path: pathlib.Path) -> list[str]:
    return FENCE.findall(path.read_text(encoding="utf-8"))


def test_the_docs_have_pages_with_examples():
    with_examples = [p for p in PAGES if python_blocks(p)]
    assert len(with_examples) >= 6, with_examples
    assert sum(b.count(">>>") for p in PAGES for b in python_blocks(p)) >= 40


@pytest.mark.parametrize("path", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_python_examples_run(path, tmp_path, monkeypatch):
    blocks = python_blocks(path)
    unrun = [b.splitlines()[0] for b in blocks if ">>>" not in b]
    assert not unrun, f"{path.name}: python block(s) without >>> would never be run: {unrun}"
    if not blocks:
        pytest.skip(f"{path.name} has no Python examples")
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) in {path.name} print something else (see output)"
