"""The shape of the code (issue 22, contract v2): no function in ``hotellab/`` of cyclomatic
complexity above 40 (radon's grade F: past that a function is hard to read and to test
branch by branch), and no function of a game package over 100 lines. Each failure names the
function, its file and line, and its measure."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

radon_complexity = pytest.importorskip("radon.complexity", reason="radon is in the test extra: pip install -e .[test]")

PKG = Path(__file__).resolve().parent.parent / "hotellab"
MAX_COMPLEXITY = 40
MAX_GAME_LINES = 100


def _modules(root: Path):
    return sorted(p for p in root.rglob("*.py") if "labextension" not in p.parts)


def test_no_function_of_grade_f():
    worst = []
    for path in _modules(PKG):
        for block in radon_complexity.cc_visit(path.read_text("utf-8")):
            items = [block] + list(getattr(block, "methods", []))
            for b in items:
                if b.complexity > MAX_COMPLEXITY:
                    worst.append(f"{path.relative_to(PKG.parent)}:{b.lineno} {b.fullname} (complexity {b.complexity})")
    assert not worst, "functions above complexity 40 (split them by rule or step):\n" + "\n".join(worst)


def test_no_game_function_over_100_lines():
    long = []
    for path in _modules(PKG / "games"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_GAME_LINES:
                    long.append(f"{path.relative_to(PKG.parent)}:{node.lineno} {node.name} ({n} lines)")
    assert not long, "game functions over 100 lines:\n" + "\n".join(long)


def test_the_measure_sees_a_long_complex_function():
    """The two checks above can fail: a made-up function of 41 ifs over 124 lines is caught."""
    body = "\n".join(f"    if x == {i}:\n        return {i}\n    y = {i}" for i in range(41))
    src = f"def f(x):\n{body}\n    return -1\n"
    [block] = radon_complexity.cc_visit(src)
    assert block.complexity == 42  # 1 + 41 branches
    node = ast.parse(src).body[0]
    assert node.end_lineno - node.lineno + 1 == 1 + 41 * 3 + 1
