"""Checks made before any worker starts: that the work can travel to the workers (each agent,
the game class and the options pickle), where the call stands in a script (under
``if __name__ == "__main__":`` or not: workers started by spawn/forkserver, and Dask's, import
the script again), and the multiprocessing start method that is safe here."""

from __future__ import annotations

import ast
import sys
import threading
from multiprocessing.reduction import ForkingPickler

from ..core.errors import OptionError, SimulationError  # noqa: F401 - SimulationError: imported from here too
from ._names import agent_label, type_name




GUARD_FIX = 'put the call under `if __name__ == "__main__":`'

FILE_FIX = "run the script from a file (python script.py)"


def unimportable_main() -> str | None:
    """The ``__file__`` of a main module that a new process cannot import again, or None.

    A script read from stdin (``python - < script.py``) has ``__file__ == "<stdin>"``: worker
    processes started by spawn or forkserver, and Dask's, would import that path as the main
    script and fail (FileNotFoundError), whatever the main guard. ``python -c``, the REPL and a
    notebook have no ``__file__``: nothing is imported again (their classes are handled by
    :func:`session_classes`). A main run by module name (``python -m``) is imported by name.
    """
    import os
    from multiprocessing import process

    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or not path or getattr(getattr(main, "__spec__", None), "name", None):
        return None
    if not os.path.isabs(path) and process.ORIGINAL_DIR is not None:
        path = os.path.join(process.ORIGINAL_DIR, path)
    return None if os.path.isfile(path) else getattr(main, "__file__")


# ----------------------------------------------------------------------------- the main guard
def _is_main_test(test) -> bool:
    """``__name__ == "__main__"`` (either way round), alone or in an ``and``."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_is_main_test(v) for v in test.values)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s for s in sides if isinstance(s, ast.Name) and s.id == "__name__"]
    mains = [s for s in sides if isinstance(s, ast.Constant) and s.value == "__main__"]
    return len(names) == 1 and len(mains) == 1


def main_call(depth: int = 2) -> tuple[str, str | None]:
    """Where this call stands in the program's main module: ``(state, path)``.

    ``state``: "none" (``__main__`` has no file: a notebook, the REPL, ``python -c``),
    "unimportable" (its file cannot be imported by a new process: a script read from stdin,
    see :func:`unimportable_main`),
    "guarded" (a script whose top-level statement running now is an
    ``if __name__ == "__main__":`` block, or that is not running its top level), "unguarded"
    (a script's top-level statement outside such a block: a worker that imports the script
    again runs it again), "reimport" (this process *is* such a worker, importing the script
    as ``__mp_main__``) or "unknown" (the script's source cannot be read).
    """
    frame = sys._getframe(depth)
    while frame is not None:
        # a worker started by spawn or forkserver runs the script as "__mp_main__" (in a
        # namespace of its own, before it becomes sys.modules["__main__"])
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") == "__mp_main__":
            return "reimport", frame.f_globals.get("__file__")
        frame = frame.f_back
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or not path:
        return "none", None
    if unimportable_main() is not None:
        return "unimportable", path
    namespace = vars(main)
    top = None
    frame = sys._getframe(depth)
    while frame is not None:
        if frame.f_globals is namespace and frame.f_code.co_name == "<module>":
            top = frame
        frame = frame.f_back
    if top is None:
        return "guarded", path
    line = top.f_lineno
    try:
        import tokenize

        with tokenize.open(path) as fh:
            tree = ast.parse(fh.read())
    except (OSError, SyntaxError, ValueError):
        return "unknown", path
    for stmt in tree.body:
        if stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
            if isinstance(stmt, ast.If) and _is_main_test(stmt.test) and any(
                    b.lineno <= line <= (b.end_lineno or b.lineno) for b in stmt.body):
                return "guarded", path
            return "unguarded", path
    return "unknown", path


def guard_error(path: str, why: str, other: str = "use workers=1, which plays in this process") -> SimulationError:
    return SimulationError(
        f"simulate: {why}, and this call is at the top level of the script {path}, which would "
        f"run again in each worker; {GUARD_FIX} (the code that must not run again in the "
        f"workers goes there too), or {other}")


def check_main(backend: str, scheduler, workers: int) -> tuple[str, str | None]:
    """Raise SimulationError naming the fix when the workers would run the script again."""
    state, path = main_call(depth=3)
    if state == "reimport":
        raise SimulationError(
            f"simulate: called while a worker process imports the script {path} again (worker "
            f"processes started by spawn or forkserver, and Dask's, import the main script); "
            f"{GUARD_FIX}")
    if state == "unguarded" and backend == "dask" and scheduler is None:
        raise guard_error(path, f"backend='dask' starts a LocalCluster of {workers} worker "
                                "processes, which import the main script again",
                          "pass scheduler= the address of a running Dask scheduler")
    if state == "unimportable" and backend == "dask" and scheduler is None:
        raise SimulationError(
            f"simulate: backend='dask' starts a LocalCluster whose worker processes import the "
            f"main script again, and this script was read from {path} (not a file), which a new "
            f"process cannot import; {FILE_FIX}, or pass scheduler= the address of a running "
            f"Dask scheduler, or use backend='processes'")
    return state, path


# ----------------------------------------------------------------------------- what travels
def _fields(obj) -> list[tuple[str, object]]:
    if isinstance(obj, dict):
        return [(f"[{k!r}]", v) for k, v in obj.items()]
    if isinstance(obj, (list, tuple)):
        return [(f"[{k}]", v) for k, v in enumerate(obj)]
    out = list(getattr(obj, "__dict__", {}).items())
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if isinstance(name, str) and name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                out.append((name, getattr(obj, name)))
    return out


def _blame(obj, dumps, depth: int):
    """(path, value) of the first part of ``obj`` that ``dumps`` refuses, looking ``depth``
    levels deep, or None."""
    for name, value in _fields(obj):
        try:
            dumps(value)
        except Exception:  # noqa: BLE001 - any refusal: look inside
            inner = _blame(value, dumps, depth - 1) if depth > 1 else None
            if inner is not None:
                sub, value = inner
                name = name + sub if sub.startswith("[") else f"{name}.{sub}"
            return name, value
    return None


def culprit(obj, dumps) -> str:
    """The part of ``obj`` that ``dumps`` refuses, e.g. "its attribute 'lock' (a
    _thread.lock)", or "" when no single part can be blamed."""
    hit = _blame(obj, dumps, 3)
    return f"its attribute '{hit[0]}' (a {type_name(hit[1])})" if hit else ""


def _dumpers(backend: str):
    if backend == "dask":
        # what Dask does: pickle, and cloudpickle for what pickle refuses or refers to __main__
        from distributed.protocol.pickle import dumps as dask_dumps

        return dask_dumps
    return lambda x: bytes(ForkingPickler.dumps(x))  # what multiprocessing sends to a worker


def check_payload(spec: dict, backend: str) -> bytes:
    """The pickled spec, or OptionError naming what cannot be sent to the workers (the agent
    by its index, name and type, and the attribute that refuses) and the fix."""
    dumps = _dumpers(backend)
    try:
        return dumps(spec)
    except Exception as whole:  # noqa: BLE001 - find the part that refuses, below
        first = whole
    where = "worker processes" if backend == "processes" else "Dask workers"
    for k, agent in enumerate(spec["agents"]):
        if isinstance(agent, str):
            continue
        try:
            dumps(agent)
        except Exception as exc:  # noqa: BLE001 - reported with its agent
            part = culprit(agent, dumps)
            raise OptionError(
                f"simulate: {agent_label(k, agent)} cannot be sent to the {where}: "
                f"{part + ' cannot be pickled' if part else 'it cannot be pickled'} "
                f"({type(exc).__name__}: {exc}). Agents travel to the workers pickled: leave "
                "that attribute out of the pickle (__getstate__/__setstate__) or create it when "
                "first used, or use workers=1, which plays in this process", field="agents"
            ) from exc
    for field, value in (("game", spec.get("game_class")), ("options", spec["options"])):
        try:
            dumps(value)
        except Exception as exc:  # noqa: BLE001 - reported with its field
            part = culprit(value, dumps)
            raise OptionError(
                f"simulate: the {field} ({type_name(value)}) cannot be sent to the {where}"
                f"{': ' + part + ' cannot be pickled' if part else ''} ({type(exc).__name__}: {exc}); "
                "use workers=1, which plays in this process", field=field) from exc
    raise OptionError(f"simulate: the work cannot be sent to the {where} "
                      f"({type(first).__name__}: {first}); use workers=1", field="agents") from first


# ----------------------------------------------------------------------------- start method
def other_threads() -> list[str]:
    """Names of the threads of this process besides the calling one and tqdm's monitor (an
    idle timer). A thread may hold a lock at the moment of a fork, and the forked worker then
    waits for it forever; native threads that libraries start (OpenBLAS, jemalloc, Arrow's
    pool) are not listed: those libraries prepare for a fork themselves."""
    me = threading.current_thread()
    return [t.name for t in threading.enumerate() if t is not me and type(t).__name__ != "TMonitor"]


def _classes(spec) -> list[tuple[str, type]]:
    out = [(agent_label(k, a), type(a)) for k, a in enumerate(spec["agents"]) if not isinstance(a, str)]
    if spec.get("game_class") is not None:
        out.append((f"the game class {spec['game_class'].__qualname__}", spec["game_class"]))
    return out


def session_classes(spec) -> list[str]:
    """The agents (and game class) whose class lives only in this session: ``__main__``
    without a file (a notebook, the REPL, ``python -c``) or read from stdin. A worker not forked from this process cannot
    import them."""
    if getattr(sys.modules.get("__main__"), "__file__", None) is not None and unimportable_main() is None:
        return []
    return [label for label, cls in _classes(spec) if cls.__module__ == "__main__"]


def _found_on_path(module: str) -> bool:
    """Whether a new process finds ``module`` by its name, as this process has it: its top
    package is on sys.path (looked up afresh, not in sys.modules) and holds its file."""
    import os
    from importlib.machinery import PathFinder

    top = module.split(".")[0]
    if top in sys.builtin_module_names:
        return True
    found = None
    # the finders a new process has too: sys.path's, and those that site-packages installs
    # (an editable install's); not sys.modules, which holds modules loaded by path as well
    for finder in [*sys.meta_path, PathFinder]:
        try:
            found = finder.find_spec(top, None) if hasattr(finder, "find_spec") else None
        except Exception:  # noqa: BLE001 - a finder that cannot tell does not find it
            found = None
        if found is not None:
            break
    if found is None:
        return False
    file = getattr(sys.modules.get(module), "__file__", None)
    if not file:
        return True
    file = os.path.realpath(file)
    if found.submodule_search_locations:
        return any(file.startswith(os.path.realpath(d) + os.sep) for d in found.submodule_search_locations)
    return found.origin is not None and os.path.realpath(found.origin) == file


def _importable(spec, main_state: str) -> bool:
    """Whether a fresh worker process can import every class of the spec by its module name
    (a class of the script's ``__main__`` can be when the script is guarded: the worker imports
    it again)."""
    for _, cls in _classes(spec):
        mod = cls.__module__
        if mod == "__main__":
            if main_state != "guarded":
                return False
        elif not _found_on_path(mod):
            return False
    return True


def mp_context(spec, main_state: str):
    """``(context, forked)``: the multiprocessing context of the worker processes and a
    :class:`Forked` naming the other threads that were running when fork was chosen anyway,
    and the fix.

    fork starts a worker in milliseconds with everything the session defined, and is used
    when no other thread runs here. With other threads (a Jupyter kernel, a Dask client, a
    library's pool), fork may copy a lock that one of them holds, and a worker can wait for it
    forever: then forkserver, which starts workers from a clean process, unless only fork can
    give the workers the agents: a class defined in a notebook, or a script whose top level
    calls simulate without a main guard (forkserver and spawn import the script again in each
    worker, which would run the call again), or a script read from stdin (which they cannot
    import: :func:`unimportable_main`). Then fork still, and the watchdog
    (``stall_timeout``) ends a worker that stops making progress. Without fork (Windows,
    macOS' default) such a call is an error naming the fix.
    """
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    local = session_classes(spec)
    threads = other_threads()
    if local:
        fix = f"define the class of {', '.join(local)} in a module (a .py file)"
    elif main_state == "unguarded":
        fix = f'{GUARD_FIX.replace("the call", "the simulate call")}'
    elif main_state == "unimportable":
        # forkserver's and spawn's workers import the main script by its path: "<stdin>"
        fix = f"{FILE_FIX}: workers not forked from this process import the main script again"
    elif not _importable(spec, main_state):
        fix = "define the agents' classes in a module that a new process can import (a .py file on sys.path)"
    else:
        fix = None
    if "fork" in methods and (not threads or fix):
        return mp.get_context("fork"), Forked(threads, fix if threads else None)
    if local:
        raise OptionError(
            f"simulate: {', '.join(local)} is defined in this notebook or session, and worker "
            "processes cannot import it; define its class in a module (a .py file), or use "
            "workers=1 (which plays in this process)", field="agents")
    if main_state == "unguarded":
        raise guard_error(sys.modules["__main__"].__file__,
                          "worker processes are started by spawn here (no fork), which imports "
                          "the main script again")
    if main_state == "unimportable":
        raise SimulationError(
            f"simulate: worker processes are started by spawn here (no fork), which imports the "
            f"main script again, and this script was read from {unimportable_main()} (not a "
            f"file), which a new process cannot import; {FILE_FIX}, or use workers=1 (which "
            "plays in this process)")
    if "forkserver" in methods:
        ctx = mp.get_context("forkserver")
        # the server imports the worker module once; each worker forked from it starts ready
        ctx.set_forkserver_preload(["hotellab.sim._worker"])
        return ctx, Forked([], None)
    return mp.get_context("spawn"), Forked([], None)


class Forked:
    """Why workers were forked while other threads ran: ``threads`` (their names, empty when
    none ran or fork was not used) and ``fix`` (what lets the workers start clean)."""

    def __init__(self, threads: list[str], fix: str | None):
        self.threads = threads
        self.fix = fix

    def __bool__(self) -> bool:
        return bool(self.threads)

    def hint(self) -> str:
        if not self.threads:
            return ""
        return (f"The workers were started by fork while this process ran other threads "
                f"({', '.join(self.threads[:10])}{', ...' if len(self.threads) > 10 else ''}): if one of them held a lock at that moment, the "
                f"worker waits for it forever. {self.fix[0].upper() + self.fix[1:] if self.fix else 'Stop those threads'}"
                f" (then the workers start from a clean process), or use workers=1.")
