"""Sphinx configuration for the fzsim docs (MyST Markdown pages, numpydoc API reference).

Build: ``sphinx-build -W -b html docs docs/_build/html`` (what ``.ci/run`` does).
"""
import fzsim

project = "fzsim"
author = "the fzsim developers"
copyright = "2026, the fzsim developers"
release = fzsim.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
# docs/spec/sources/ holds the verbatim Chinese source texts (not pages). docs/generated/ holds Markdown
# fragments pulled into pages with {include}; docs/scripts/ the
# scripts that write them.
exclude_patterns = ["_build", "generated", "scripts", "spec/sources", "Thumbs.db", ".DS_Store"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autosummary_generate = True
autosummary_imported_members = True
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_validation_checks = set()

html_theme = "pydata_sphinx_theme"
html_title = f"fzsim {release}"
html_static_path = []
html_theme_options = {
    "navigation_depth": 2,
    "show_toc_level": 2,
}


# --- docstrings written as plain prose ---------------------------------------------------------
# Most fzsim docstrings are prose with "name: meaning" lines wrapped by indentation, not numpydoc
# sections. Joined back into paragraphs they render as written; docstrings with numpydoc sections
# are left to numpydoc. Signatures embedded by Cython ("Rules(**fields)") get their stars escaped.
import re

_SECTION_RULE = re.compile(r"^\s*-{3,}\s*$")


def _prose_docstring(app, what, name, obj, options, lines):
    for i, line in enumerate(lines):
        lines[i] = line.replace("(**", r"(\*\*").replace(", **", r", \*\*")
    if any(_SECTION_RULE.match(line) for line in lines):
        return
    out, literal = [], False
    for line in lines:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        prev = out[-1] if out else ""
        prev_indent = len(prev) - len(prev.lstrip())
        if stripped.startswith(">>>") or stripped.startswith("..."):
            literal = False
            out.append(line)
            continue
        if literal or not stripped or not prev.strip() or prev.rstrip().endswith("::"):
            literal = prev.rstrip().endswith("::") or (literal and (indent > 0 or not stripped))
            out.append(line)
            continue
        if indent > prev_indent and not prev.strip().startswith(">>>"):
            out[-1] = prev.rstrip() + " " + stripped
        else:
            out.append(line)
    lines[:] = out


def setup(app):
    app.connect("autodoc-process-docstring", _prose_docstring, priority=400)
