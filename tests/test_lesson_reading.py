"""One way to read a learner's typed answer (issue 19, item 8): hotellab/lesson/reading.py and
the page's reader in hotellab/widgets/lesson.js give the same results on one table of inputs
(hotellab/lesson/answer_cases.json). Python is checked here; the page's reader by Node's test
runner (tests/js/lesson_answers.test.mjs), run from here so that CI runs both."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hotellab.lesson import STEP_POINTS, reading, step_score

ROOT = Path(__file__).resolve().parent.parent
CASES = json.loads((ROOT / "hotellab" / "lesson" / "answer_cases.json").read_text("utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['spec']['type']}" for i, c in enumerate(CASES)])
def test_python_reads_each_case_as_the_table_says(case):
    value, problem = reading.read(case["input"], case["spec"])
    if case.get("problem"):
        assert problem is not None and value is None, value
        return
    assert problem is None, problem
    verdict = reading.judge(value, case["spec"])
    assert (verdict["ok"], verdict["off"]) == (case["ok"], case["off"])
    if "words" in case:
        assert reading.off_words(verdict, case["spec"]) == case["words"]


def test_the_page_reads_the_same_table_in_node():
    node = shutil.which("node")
    assert node, "Node.js is needed for the page's tests (scripts/test.sh installs Debian's nodejs)"
    out = subprocess.run([node, "--test", str(ROOT / "tests" / "js")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    # every case of the table, the table's two checks, and the front end's pure modules (board.test.mjs)
    passed = int(re.search(r"^# pass (\d+)$", out.stdout, re.M).group(1))
    assert passed >= len(CASES) + 2 + 8 and "# fail 0" in out.stdout, out.stdout[-500:]


def test_a_steps_score_by_hand():
    # 3 points a step; a miss costs 1; hint k costs k (1, then 2 more); Show me scores 0
    assert STEP_POINTS == 3
    assert [step_score(0, 0, False), step_score(1, 0, False), step_score(0, 1, False),
            step_score(1, 1, False), step_score(0, 2, False), step_score(5, 0, False),
            step_score(0, 0, True)] == [3, 2, 2, 1, 0, 0, 0]
