"""Lessons (issue 19): the size of what a static page carries and how fast an answer is checked.

    .venv/bin/python bench/lessons.py                   # every tutorial, this checkout
    .venv/bin/python bench/lessons.py --label before    # results/lessons.json keeps one entry per label
    PYTHONPATH=/path/to/old/checkout .venv/bin/python bench/lessons.py --label before

For each tutorial (``notebooks/*.ipynb`` that name lesson scenarios), every lesson's page data
is built (``hotellab.widgets.lesson.lesson_data``): its nodes (one per step and branch), the
encoded size (base64 of gzip of the JSON, what a saved page holds) and the time to build it.
Then, in Python, each learner step's answers are checked (``hotellab.lesson.check_step``,
every offered move or the right value): the time per check. In Debian's Chromium, the first
lesson of the Hostil Hostal tutorial is opened as a static page (``lesson_html``, no kernel)
and the first move button of its first move step is clicked 20 times (Start over between):
the time from the click to the verdict on the page (``performance.now()``), median and p95.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import tempfile
import time
from pathlib import Path

from _common import ROOT, save, summary

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def lesson_paths(nb: Path) -> list[Path]:
    src = "\n".join("".join(c.get("source", [])) for c in json.loads(nb.read_text("utf-8"))["cells"]
                    if c.get("cell_type") == "code")
    out = []
    for rel in re.findall(r"""["'](scenarios/[^"'\n]+\.toml)["']""", src):
        p = (nb.parent / rel).resolve()
        if p.exists() and p not in out:
            out.append(p)
    return out


def measure_python(nb: Path) -> dict:
    import hotellab as hl
    from hotellab.lesson import LessonRun, check_step
    from hotellab.widgets.lesson import encode, lesson_data

    sizes, nodes, steps, build, checks = 0, 0, 0, 0.0, []
    for path in lesson_paths(nb):
        sc = hl.Scenario.load(path)
        t = time.perf_counter()
        data = lesson_data(sc)
        build += time.perf_counter() - t
        sizes += len(encode(data))
        nodes += len(data["steps"])
        steps += len(sc.steps)
        run = LessonRun(sc)
        for i, step in enumerate(sc.steps):
            if step.kind == "watch":
                run.watch()
                continue
            state = run.state
            tries = [str(a) for a in state.legal_actions()[:10]] if step.kind != "predict" else ["0", "yes", "3"]
            for x in tries:
                t = time.perf_counter()
                check_step(step, state, x)
                checks.append(time.perf_counter() - t)
            if step.kind == "predict":
                from hotellab.lesson import expected_answer

                run.answer(expected_answer(step, state))
            else:
                from hotellab.lesson import answers

                run.answer(answers(step, state)[0])
    return {"lessons": len(lesson_paths(nb)), "steps": steps, "nodes": nodes, "encoded_kb": round(sizes / 1024, 1),
            "build_s": round(build, 2), "check_ms": {k: round(v * 1000, 2) for k, v in summary(checks).items()
                                                     if k != "n"}, "checks": len(checks)}


def measure_browser(path: Path) -> dict:
    import hotellab as hl
    from hotellab.widgets.lesson import lesson_data, lesson_html
    from playwright.sync_api import sync_playwright

    data = lesson_data(hl.Scenario.load(path))
    if not any(s["kind"] in ("do", "exercise") for s in data["steps"]):
        return None
    html = ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>lesson</title></head><body>"
            + lesson_html(data) + "</body></html>")
    first = next(i for i, s in enumerate(data["steps"]) if s["kind"] in ("do", "exercise"))
    times = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        page_path = Path(tmp) / "lesson.html"
        page_path.write_text(html, "utf-8")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page()
        page.goto(page_path.as_uri())
        page.wait_for_selector(".hl-lesson-card")
        for _ in range(20):
            page.evaluate("() => { try { localStorage.clear(); } catch (e) {} }")
            page.click(".hl-lesson-restart")
            for _k in range(first):  # walk to the first move step: watch steps are played, predicts answered
                step = data["steps"][_k]
                if step["kind"] == "watch":
                    page.click(".hl-lesson-next")
                    page.click(".hl-lesson-next")
                else:
                    v = step["answer"]["value"]
                    text = ("yes" if v else "no") if isinstance(v, bool) else \
                        ", ".join(map(str, v)) if isinstance(v, list) else str(v)
                    if step["answer"]["type"] == "seat":
                        text = step["answer"]["seats"][v]
                    page.fill(".hl-lesson-input", text)
                    page.click(".hl-lesson-check")
                    page.click(".hl-lesson-next")
            ms = page.evaluate("""() => new Promise((done) => {
                const b = document.querySelector('.hl-lesson-move');
                const t0 = performance.now();
                const obs = new MutationObserver(() => {
                  if (document.querySelector('.hl-lesson-verdict')) { obs.disconnect(); done(performance.now() - t0); }
                });
                obs.observe(document.body, { childList: true, subtree: true, characterData: true });
                b.click();
            })""")
            times.append(ms)
        browser.close()
    return {"lesson": path.name, "answer_check_ms_median": round(statistics.median(times), 2),
            "answer_check_ms_p95": round(sorted(times)[int(0.95 * (len(times) - 1))], 2),
            "page_kb": round(len(html.encode("utf-8")) / 1024, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--label", default="now")
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    out = {}
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if not lesson_paths(nb):
            continue
        out[nb.stem] = measure_python(nb)
        print(nb.stem, json.dumps(out[nb.stem]), flush=True)
    if not args.no_browser and Path(CHROMIUM).exists():
        for path in lesson_paths(ROOT / "notebooks" / "hostil_hostal.ipynb"):  # the first with a move step
            out["static_page"] = measure_browser(path)
            if out["static_page"]:
                break
        print("static page", json.dumps(out["static_page"]), flush=True)
    from _common import RESULTS

    kept = {}
    old = RESULTS / "lessons.json"
    if old.exists():
        kept = {k: v for k, v in json.loads(old.read_text("utf-8")).items() if k != "machine"}
    save("lessons", {**kept, args.label: out})


if __name__ == "__main__":
    main()
