"""The README's Python examples run as written (from a scratch folder, like a new user)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text("utf-8"), re.S)


def test_readme_has_python_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_python_block_runs(index, tmp_path, monkeypatch, capsys):
    # paths in the examples are relative to the checkout's root
    for folder in ("notebooks",):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, tmp_path / folder)
    monkeypatch.chdir(tmp_path)
    exec(compile(BLOCKS[index], f"README.md python block {index}", "exec"), {"__name__": "__readme__"})
    out = capsys.readouterr().out
    if index == 0:
        assert "'hostil_hostal'" in out and "'hellton_palace'" in out
        assert "a guest must go on an unoccupied bed" in out and "Phase 2 - Night / Place a guest" in out
    if index == 1:
        assert (tmp_path / "game.json").is_file()
    if index == 2:
        assert (tmp_path / "replay.html").is_file()
