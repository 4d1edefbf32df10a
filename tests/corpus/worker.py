"""Runs many command lines through ``mobiledsl.cli.main`` in one process, each with its own
stdout and stderr (redirected at the file-descriptor level, so nothing the command writes
escapes) and its exit status: ``python tests/corpus/worker.py JOBS.json``.

The command line is the one ``python -m mobiledsl`` runs (``raise SystemExit(main())``); the
worker only saves the interpreter start and the imports, which cost more than most cases.
An exception that escapes ``main`` is written to the case's stderr as a traceback.
"""
from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run(job: dict) -> None:
    import time
    from mobiledsl.cli import main
    started = time.perf_counter()

    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with open(job["out"], "wb") as out, open(job["err"], "wb") as err:
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        try:
            try:
                status = main(job["argv"])
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
            except BaseException:           # noqa: BLE001 - reported as the case's traceback
                traceback.print_exc()
                status = 99
            status = 0 if status is None else int(status)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
    Path(job["rc"]).write_text(str(status))
    Path(job["rc"]).with_name("_seconds").write_text(f"{time.perf_counter() - started:.3f}")


def main() -> None:
    os.chdir(REPO)
    sys.path.insert(0, str(REPO))
    os.environ.pop("NO_COLOR", None)
    os.environ.pop("MOBILEDSL_TRACEBACK", None)
    for job in json.loads(Path(sys.argv[1]).read_text()):
        run(job)


if __name__ == "__main__":
    main()
