"""Nothing in the repository points outside it: the rules, design and source texts a user is told
fzsim plays live in docs/spec/, and every relative link or path in a tracked file resolves inside
the checkout (a clone carries everything it cites)."""
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEXT_SUFFIXES = {".md", ".py", ".pyx", ".pxd", ".pyi", ".toml", ".txt", ".cfg", ".ini", ".sh", ".rst", ""}
# a Markdown link target, or a path written as ../something (in code, comments or prose)
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
UP_PATH = re.compile(r"(?<![\w./-])((?:\.\./)+[\w.-][\w./-]*)")
SPEC_CITATION = re.compile(r"docs/spec/([\w.-]+\.md)")


def _tracked_text_files():
    try:
        names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    for name in names:
        path = ROOT / name
        if path.suffix in TEXT_SUFFIXES and path.is_file():
            try:
                yield name, path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue


def _outside(base: Path, target: str) -> bool:
    resolved = (base / target).resolve()
    return resolved != ROOT and ROOT not in resolved.parents


def test_no_tracked_file_refers_to_a_path_outside_the_repository():
    offenders = []
    for name, text in _tracked_text_files():
        base = (ROOT / name).parent
        for lineno, line in enumerate(text.splitlines(), 1):
            targets = [m.group(1) for m in LINK.finditer(line) if "://" not in m.group(1)]
            targets += UP_PATH.findall(line)
            for target in targets:
                if target.startswith("/") or _outside(base, target):
                    offenders.append(f"{name}:{lineno}: {target}")
            if "shared/" in line and re.search(r"\.\./shared\b|\bshared/(RULES|DESIGN|notes|seeds)", line):
                offenders.append(f"{name}:{lineno}: {line.strip()[:80]}")
    assert not offenders, "paths outside the repository:\n" + "\n".join(offenders)


def test_markdown_links_between_tracked_files_resolve():
    missing = []
    for name, text in _tracked_text_files():
        if not name.endswith(".md"):
            continue
        base = (ROOT / name).parent
        for lineno, line in enumerate(text.splitlines(), 1):
            for m in LINK.finditer(line):
                target = m.group(1)
                if "://" in target or target.startswith("mailto:"):
                    continue
                if not (base / target).exists():
                    missing.append(f"{name}:{lineno}: {target}")
    assert not missing, "links to files that do not exist:\n" + "\n".join(missing)


def test_every_spec_citation_names_a_spec_document():
    spec = {p.name for p in (ROOT / "docs" / "spec").glob("*.md")}
    assert {"RULES.md", "RULES-PACKS.md", "DESIGN.md"} <= spec
    bad = [f"{name}: docs/spec/{m}" for name, text in _tracked_text_files()
           for m in SPEC_CITATION.findall(text) if m not in spec]
    assert not bad, "citations of spec documents that do not exist:\n" + "\n".join(bad)
