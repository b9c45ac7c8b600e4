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
# docs/generated/ holds Markdown fragments pulled into pages with {include}; docs/scripts/ the
# scripts that write them.
exclude_patterns = ["_build", "generated", "scripts", "Thumbs.db", ".DS_Store"]

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
