"""The ``sim:<program>`` doit tasks: run each program's task in MuJoCo, on the model its mjcf
cell built, so CI sees which robots still reach their goals after a part changed.

Not default tasks: ``doit sim`` runs them all, ``doit sim:<program>`` one. They are not named
``run``: doit owns that word (``doit run`` is its command that builds the default tasks).
Each runs after the program's mjcf emission and assets, writes the cell's files that are not
in place yet (as ``build:<program>/mjcf`` does), and runs the task on the compile the
program's records hold (``graph.outcome``: nothing is compiled again). It depends on those
records and on the code its action can run (read from the code, as the phases' fingerprints
are); it writes ``build/<program>/report/run.json``, ``run.svg`` and ``trace.json`` and
fails when a step fails, printing the diagnostics of the compile and the run.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from doit.tools import config_changed

TARGET = "mjcf"
BASENAME = "sim"


def run_tasks(graph) -> Iterator[dict]:
    from ..graph import layout
    from ..phases import PROGRAM_PHASES

    yield {
        "basename": BASENAME,
        "name": None,
        "uptodate": [True],
        "doc": "sim:<program> runs the program's task in MuJoCo (not a default task)",
    }
    # the modules run_action can import, the simulator's among them
    fingerprint = graph.code.fingerprint([run_action])
    manifests = [lib.name for lib in graph.libraries]
    for program, target in list(graph._cells()):
        if target != TARGET or not program.task:
            continue
        report = f"{layout.BUILD}/{program.name}/report"
        records = [layout.program_record(program.name, phase) for phase in PROGRAM_PHASES]
        yield {
            "basename": BASENAME,
            "name": program.name,
            "actions": [
                (run_action, [graph.root, program.name, program.files, manifests, graph.registries])
            ],
            # the cell's own tasks, not build:<program>/mjcf, which is made only when named
            "task_dep": [f"emission:{program.name}/{TARGET}", f"assets:{program.name}/{TARGET}"],
            "file_dep": records + [layout.emission_record(program.name, TARGET)],
            "targets": [f"{report}/run.json", f"{report}/run.svg", f"{report}/trace.json"],
            "uptodate": [config_changed(fingerprint)],
            "verbosity": 2,
        }


def run_action(
    root: Path, program: str, files: dict[str, str], manifests: list[str], registries: list
) -> bool:
    """Run one program's task on its built model; False (a failed task) when a step fails.
    ``files``: the program's, by kind (only named: the compile is the records')."""
    from ..graph import layout
    from ..graph.actions import cell_action
    from ..graph.outcome import program_diagnostics, program_result
    from ..pipeline import SourceCache, exit_status
    from ..render import render
    from ..textsafe import shown  # its lines reach the terminal: verbosity 2
    from .program import run_program

    cell_action(layout.emission_record(program, TARGET), layout.target_dir(program, TARGET))
    cell = root / layout.target_dir(program, TARGET)
    models = sorted(cell.glob("*.xml"))
    if len(models) != 1:
        print(
            shown(f"{BASENAME}:{program}: expected one model in {cell}, found {len(models)}"),
            file=sys.stderr,
        )
        return False
    compiled = program_result(
        program, program_diagnostics(manifests, registries, program, [TARGET])
    )
    result = run_program(
        root / files["core"],
        None,
        root / files["task"],
        [],
        root / layout.BUILD / program,
        model_xml=models[0],
        compiled=compiled,
    )
    text = render("human", result.diagnostics, SourceCache(), False)
    if text:
        sys.stderr.write(text)
    if result.report is not None:
        from .judge import step_line

        steps = result.report["steps"]
        for entry in steps:
            print(shown(f"{BASENAME}:{program}: {step_line(entry)}"))
        ok = sum(1 for s in steps if s["ok"])
        print(shown(f"{BASENAME}:{program}: {ok} of {len(steps)} steps reached"))
    return exit_status(result.diagnostics) == 0 and result.report is not None
