import subprocess
import sys

import fzsim
from fzsim.cli import main


def test_version_and_help(capsys):
    try:
        main(["--version"])
    except SystemExit as exc:
        assert exc.code == 0
    assert fzsim.__version__ in capsys.readouterr().out
    assert main([]) == 0
    assert "usage: fzsim" in capsys.readouterr().out


def test_python_dash_m():
    out = subprocess.run([sys.executable, "-m", "fzsim", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and fzsim.__version__ in out.stdout
