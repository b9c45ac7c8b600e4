import subprocess
import sys

import pytest

import fzsim
from fzsim.cli import main


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert fzsim.__version__ in capsys.readouterr().out
    assert main([]) == 0
    assert "usage: fzsim" in capsys.readouterr().out


def test_python_dash_m():
    out = subprocess.run([sys.executable, "-m", "fzsim", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and fzsim.__version__ in out.stdout
