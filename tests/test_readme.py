"""The README's Python examples run and print what the README says they print."""
import doctest
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_examples():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    examples = "\n".join(b for b in blocks if ">>>" in b)
    assert examples.count(">>>") >= 20
    test = doctest.DocTestParser().get_doctest(examples, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} README example(s) print something else (see output)"
