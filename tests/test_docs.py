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
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
PAGES = [p for p in PAGES if "_build" not in p.parts and "generated" not in p.parts]
FENCE = re.compile(r"^```python\n(.*?)^```", flags=re.S | re.M)


def python_blocks(path: pathlib.Path) -> list[str]:
    return FENCE.findall(path.read_text(encoding="utf-8"))


WITH_EXAMPLES = [p for p in PAGES if python_blocks(p)]


def test_the_docs_have_pages_with_examples():
    assert len(WITH_EXAMPLES) >= 8, WITH_EXAMPLES
    assert sum(b.count(">>>") for p in PAGES for b in python_blocks(p)) >= 60


def test_every_python_block_is_an_executed_example():
    unrun = {p.name: b.splitlines()[0] for p in PAGES for b in python_blocks(p) if ">>>" not in b}
    assert not unrun, f"python block(s) without >>> would never be run: {unrun}"


#: pages whose examples change the process for good (own_pack.md registers a rule pack): they run in
#: a Python process of their own, so that the rest of the suite sees fzsim's own packs only
OWN_PROCESS = {"own_pack.md"}


def run_page(path: str) -> int:
    """Run one page's examples as one doctest in the current folder; the number of failures."""
    path = pathlib.Path(path)
    test = doctest.DocTestParser().get_doctest("\n".join(python_blocks(path)), {}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.failures


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=[str(p.relative_to(ROOT)) for p in WITH_EXAMPLES])
def test_python_examples_run(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if path.name in OWN_PROCESS:
        code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from tests.test_docs import run_page; " \
               f"sys.exit(min(run_page({str(path)!r}), 100))"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
        failures = done.returncode
        print(done.stdout, done.stderr)
    else:
        failures = run_page(path)
    assert failures == 0, f"{failures} example(s) in {path.name} print something else (see output)"


def test_ci_runs_the_readme_commands_verbatim():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = re.findall(r"^```bash\n(.*?)\n```", readme, flags=re.S | re.M)[:2]
    assert len(commands) == 2 and "pip install" in commands[0] and "pytest" in commands[1]
    for command in commands:
        assert command in ci.splitlines(), f".ci/run does not run the README command {command!r}"
