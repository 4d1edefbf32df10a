"""The corpus harness: a case is one small mutation of the demo library or of a demo program,
run through the command line (``mobiledsl ... --diagnostics json``, in a subprocess whose
working directory is the repository) and judged against the diagnostics the case expects
(``judge``).

Paths in a case are relative to the case's own directory:

- ``lib/...``  a copy of ``libraries/demo_parts`` made for this case (only when a case edits
  it, or when the command is ``library check``);
- ``lib2/...`` a second library the case builds itself (see ``Case.lib2``);
- ``prog/<file>`` the demo program's files, copied for this case.

How cases run (see ``Runner``), all started in parallel when the first is asked for:

- the ``library check`` cases that edit one part or walker share one library, each on a
  renamed copy of its part, and one ``python -m mobiledsl library check`` (the batch);
- a case marked ``real`` runs as its own ``python -m mobiledsl`` process;
- the others run in ``CORPUS_JOBS`` (default ``max(2, cpu_count)``) worker processes
  (``worker.py``) that call ``mobiledsl.cli.main`` once a case, with the case's own stdout,
  stderr and exit status, which saves an interpreter start and the imports a case.
  ``CORPUS_MODE=process`` runs every case as its own ``python -m mobiledsl`` instead (slower).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "libraries" / "demo_parts"
PROGRAMS = REPO / "programs"

ERROR, WARNING, NOTE = "error", "warning", "note"


# --------------------------------------------------------------------------------------------
# Edits


@dataclass(frozen=True)
class Edit:
    """One edit of one file. ``kind``:

    - ``sub``: replace the one occurrence of ``old`` with ``new``; the edited line is the line
      ``old`` starts on;
    - ``after``: insert the line ``new`` after the one line holding ``old``; the edited line is
      the new line;
    - ``drop``: delete the one line holding ``old``; the edited line is its number;
    - ``write``: replace the whole file by ``new`` (``old`` is a line number, as a string, that
      counts as the edited line, or ``""`` for none).
    """

    kind: str
    path: str
    old: str
    new: str = ""


def sub(path: str, old: str, new: str) -> Edit:
    return Edit("sub", path, old, new)


def after(path: str, anchor: str, line: str) -> Edit:
    return Edit("after", path, anchor, line)


def drop(path: str, anchor: str) -> Edit:
    return Edit("drop", path, anchor)


def write(path: str, text: str, line: int | None = None) -> Edit:
    return Edit("write", path, "" if line is None else str(line), text)


def link(path: str, target: str) -> Edit:
    """Replace the file at ``path`` by a symbolic link to ``target``."""
    return Edit("link", path, "", target)


def copy(src: str, dst: str) -> Edit:
    """Copy the file or directory ``src`` to ``dst`` (both case paths)."""
    return Edit("copy", dst, src)


def remove(path: str) -> Edit:
    return Edit("remove", path, "")


def part(pid: str) -> str:
    """The path of a demo part's declaration in the case's library copy."""
    return f"lib/parts/{pid}/component.yaml"


def apply_edit(root: Path, edit: Edit) -> tuple[Path, int | None]:
    target = root / edit.path
    if edit.kind == "write":
        target.parent.mkdir(parents=True, exist_ok=True)
        data = edit.new.encode("utf-8") if isinstance(edit.new, str) else edit.new
        target.write_bytes(data)
        return target, (int(edit.old) if edit.old else None)
    if edit.kind == "copy":
        src = root / edit.old
        if src.is_dir():
            shutil.copytree(src, target)
        else:
            shutil.copyfile(src, target)
        return target, None
    if edit.kind == "remove":
        target.unlink()
        return target, None
    if edit.kind == "link":
        if target.exists() or target.is_symlink():
            target.unlink()
        target.symlink_to(edit.new)
        return target, None
    text = target.read_text(encoding="utf-8")
    count = text.count(edit.old)
    if count != 1:
        raise AssertionError(f"corpus bug: {edit.old!r} occurs {count} times in {edit.path}")
    start = text.index(edit.old)
    line = text.count("\n", 0, start) + 1
    if edit.kind == "sub":
        text = text.replace(edit.old, edit.new)
    else:
        lines = text.split("\n")
        idx = line - 1
        if edit.kind == "after":
            lines.insert(idx + 1, edit.new)
            line += 1
        elif edit.kind == "drop":
            del lines[idx]
        else:
            raise AssertionError(edit.kind)
        text = "\n".join(lines)
    target.write_text(text, encoding="utf-8", errors="surrogateescape")
    return target, line


# --------------------------------------------------------------------------------------------
# Cases


@dataclass(frozen=True)
class Expect:
    """A diagnostic the case must report. ``file`` defaults to the file of the case's first
    edit and ``line`` to its edited line, which the diagnostic's place or one of its labelled
    secondary places must be on; ``line=None`` asks for a null line, ``line=0`` for any line.
    ``in_text`` must appear in the message, help or notes (case-insensitive)."""

    code: str
    severity: str = ERROR
    file: str | None = None
    line: int | None | str = "edit"
    in_text: tuple[str, ...] = ()
    labels: tuple[tuple[str, int], ...] = ()   # (file, line) secondary places it must show


@dataclass(frozen=True)
class Case:
    id: str
    command: str                      # "check", "compile" or "run"
    edits: tuple[Edit, ...] = ()
    expect: tuple[Expect, ...] = ()   # empty: a near miss, which must report nothing
    program: str | None = None        # a demo program's name (compile)
    files: tuple[str, ...] = ("core",)
    also: tuple[str, ...] = ()        # other codes the case may report besides ``expect``
    lib2: dict[str, str] | None = None  # a second library: relative path -> text
    lib2_first: bool = False          # pass lib2 before the demo library
    targets: tuple[str, ...] = ()     # emit for these targets instead of --check
    rc: int | None = None             # expected exit status; derived from expect when None
    xfail: str | None = None          # the product defect that makes the case fail
    real: bool = False                # run as its own `python -m mobiledsl` process
    fmt: str = "json"                 # --diagnostics: json is judged; human and sarif are read
    extra: tuple[str, ...] = ()       # more arguments; {lib} is the case's library, {demo} the repo's

    def __str__(self) -> str:
        return self.id


def expected_status(case: Case) -> int:
    if case.rc is not None:
        return case.rc
    return 1 if any(e.severity == ERROR for e in case.expect) else 0


@dataclass
class Outcome:
    case: Case
    argv: list[str]
    root: Path
    status: int
    stdout: str
    stderr: str
    edited: dict[str, int | None] = field(default_factory=dict)   # rel path -> edited line
    first_path: str | None = None
    pathmap: dict[str, str] = field(default_factory=dict)   # case path prefix -> batch path prefix
    scope: Path | None = None     # batch: only the diagnostics about files under this directory

    def path(self, rel: str) -> Path:
        for old, new in self.pathmap.items():
            if rel.startswith(old):
                rel = new + rel[len(old):]
                break
        return self.root / rel

    @property
    def all_data(self) -> Any:
        return json.loads(self.stdout)

    @property
    def data(self) -> Any:
        data = json.loads(self.stdout)
        if self.scope is not None:
            data = dict(data)
            data["diagnostics"] = [d for d in data["diagnostics"]
                                   if _under(d.get("file") or "", self.scope)]
        return data


def _under(reported: str, directory: Path) -> bool:
    if not reported:
        return False
    p = Path(reported)
    if not p.is_absolute():
        p = REPO / p
    try:
        return p.resolve().is_relative_to(directory.resolve())
    except OSError:
        return False


def _copy_library(dest: Path, snapshot: Path) -> None:
    shutil.copytree(snapshot, dest)


def prepare(case: Case, root: Path, snapshot: Path) -> tuple[list[str], dict[str, int | None], str | None]:
    root.mkdir(parents=True, exist_ok=True)
    needs_lib = case.command == "check" or any(e.path.startswith("lib/") for e in case.edits)
    if needs_lib:
        _copy_library(root / "lib", snapshot)
    lib = root / "lib" if needs_lib else snapshot
    if case.lib2 is not None:
        for rel, text in case.lib2.items():
            p = root / "lib2" / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            if text.startswith("@copy:"):
                shutil.copytree(snapshot / text[len("@copy:"):], p, dirs_exist_ok=True)
            else:
                p.write_text(text, encoding="utf-8")
    prog_files: list[Path] = []
    if case.program is not None:
        (root / "prog").mkdir(exist_ok=True)
        for kind in case.files:
            src = PROGRAMS / case.program / f"{case.program}.{kind}"
            dst = root / "prog" / src.name
            shutil.copyfile(src, dst)
            prog_files.append(dst)
    edited: dict[str, int | None] = {}
    first: str | None = None
    for edit in case.edits:
        _, line = apply_edit(root, edit)
        edited.setdefault(edit.path, line)
        first = first or edit.path
    if case.command == "check":
        argv = ["library", "check", str(lib)]
        if case.lib2 is not None:
            argv += ["--library", str(root / "lib2")]
    else:
        libs = [str(lib)]
        if case.lib2 is not None:
            libs = [str(root / "lib2"), *libs] if case.lib2_first else [*libs, str(root / "lib2")]
        argv = [case.command, *map(str, prog_files)]
        for l in libs:
            argv += ["--library", l]
        argv += [a.replace("{lib}", str(lib)).replace("{demo}", str(DEMO)) for a in case.extra]
        if case.command == "run":                 # `mobiledsl run`: the task in MuJoCo
            argv += ["-o", str(root / "out")]
        elif case.targets:
            for t in case.targets:
                argv += ["--target", t]
            argv += ["-o", str(root / "out")]
        else:
            argv.append("--check")
    argv += ["--diagnostics", case.fmt]
    return argv, edited, first


def run_cli(argv: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
    # no NO_COLOR: the human form must leave colour out by itself, stderr being a pipe
    env = {k: v for k, v in os.environ.items() if k not in ("MOBILEDSL_TRACEBACK", "NO_COLOR")}
    return subprocess.run([sys.executable, "-m", "mobiledsl", *argv], cwd=REPO,
                          capture_output=True, text=True, timeout=timeout, env=env)


def run_case(case: Case, root: Path, snapshot: Path) -> Outcome:
    argv, edited, first = prepare(case, root, snapshot)
    proc = run_cli(argv)
    return Outcome(case, argv, root, proc.returncode, proc.stdout, proc.stderr, edited, first)


_ENTRY = re.compile(r"^lib/(parts|walkers)/([a-z0-9_]+)/")


def batch_entry(case: Case) -> tuple[str, str] | None:
    """The (kind, id) of the one part or walker a ``check`` case edits, when it edits nothing
    else: such cases share one library, each on a renamed copy of its entry."""
    if (case.command != "check" or case.lib2 is not None or not case.edits or case.rc is not None
            or case.fmt != "json" or case.extra):
        return None
    entries = set()
    for edit in case.edits:
        m = _ENTRY.match(edit.path)
        if m is None:
            return None
        entries.add((m.group(1), m.group(2)))
    return entries.pop() if len(entries) == 1 else None


def entry_name(case: Case) -> str:
    return "c_" + re.sub(r"[^a-z0-9_]", "_", case.id.lower())


def run_batch(cases: list[Case], root: Path, snapshot: Path) -> tuple[Outcome, dict[str, Outcome]]:
    """Every case on a copy of its part (or walker) in one library, checked once."""
    root.mkdir(parents=True, exist_ok=True)
    lib = root / "lib"
    _copy_library(lib, snapshot)
    manifest = (lib / "library.yaml").read_text(encoding="utf-8")
    parts, walkers = [], []
    views: dict[str, Outcome] = {}
    for case in cases:
        kind, eid = batch_entry(case)
        name = entry_name(case)
        src, dst = lib / kind / eid, lib / kind / name
        shutil.copytree(src, dst, symlinks=True)
        prefix_old, prefix_new = f"lib/{kind}/{eid}/", f"lib/{kind}/{name}/"
        edited: dict[str, int | None] = {}
        for edit in case.edits:
            moved = Edit(edit.kind, prefix_new + edit.path[len(prefix_old):], edit.old, edit.new)
            _, line = apply_edit(root, moved)
            edited.setdefault(edit.path, line)
        decl = dst / ("component.yaml" if kind == "parts" else "walker.yaml")
        raw = decl.read_bytes().decode("utf-8", errors="surrogateescape")
        raw = re.sub(rf"(?m)^id: {re.escape(eid)}\b", f"id: {name}", raw, count=1)
        decl.write_bytes(raw.encode("utf-8", errors="surrogateescape"))
        (parts if kind == "parts" else walkers).append(name)
        views[case.id] = Outcome(case, [], root, 0, "", "", edited, case.edits[0].path,
                                 {prefix_old: prefix_new}, dst)
    manifest = manifest.replace("parts:", "parts:" + "".join(f"\n  - {n}" for n in parts), 1)
    manifest = manifest.replace("walkers:", "walkers:" + "".join(f"\n  - {n}" for n in walkers), 1)
    (lib / "library.yaml").write_text(manifest, encoding="utf-8")
    argv = ["library", "check", str(lib), "--diagnostics", "json"]
    proc = run_cli(argv)
    whole = Outcome(Case("batch", "check"), argv, root, proc.returncode, proc.stdout, proc.stderr)
    for view in views.values():
        view.argv, view.status, view.stdout, view.stderr = argv, proc.returncode, proc.stdout, proc.stderr
    return whole, views


def run_chunk(cases: list[Case], base: Path, snapshot: Path, name: str) -> dict[str, Outcome]:
    """Prepare the cases and run them one after the other in one worker process."""
    jobs, meta = [], {}
    for case in cases:
        root = base / case.id
        argv, edited, first = prepare(case, root, snapshot)
        job = {"argv": argv, "out": str(root / "_stdout"), "err": str(root / "_stderr"),
               "rc": str(root / "_status")}
        jobs.append(job)
        meta[case.id] = (case, argv, root, edited, first, job)
    jobfile = base / f"_{name}.json"
    jobfile.write_text(json.dumps(jobs))
    env = {k: v for k, v in os.environ.items() if k != "MOBILEDSL_TRACEBACK"}
    proc = subprocess.run([sys.executable, str(Path(__file__).with_name("worker.py")), str(jobfile)],
                          cwd=REPO, capture_output=True, text=True, timeout=600, env=env)
    outcomes = {}
    for cid, (case, argv, root, edited, first, job) in meta.items():
        rc_file = Path(job["rc"])
        if not rc_file.exists():     # the worker died before this case: say so in its stderr
            outcomes[cid] = Outcome(case, argv, root, -1, "", "worker died:\n" + proc.stderr,
                                    edited, first)
            continue
        outcomes[cid] = Outcome(case, argv, root, int(rc_file.read_text()),
                                Path(job["out"]).read_text(encoding="utf-8", errors="replace"),
                                Path(job["err"]).read_text(encoding="utf-8", errors="replace"),
                                edited, first)
    return outcomes


def real_process(case: Case) -> bool:
    """Whether a case runs as its own ``python -m mobiledsl`` process: when it asks to, or
    when CORPUS_MODE=process asks it of every case."""
    return case.real or os.environ.get("CORPUS_MODE") == "process"


class Runner:
    """Runs the cases of a session in parallel, each once.

    - the ``check`` cases that edit one part or walker share one library and one
      ``python -m mobiledsl library check`` (the batch);
    - the cases marked ``real`` run each as its own ``python -m mobiledsl`` process;
    - the others run in ``jobs`` worker processes that call ``mobiledsl.cli.main`` once a case
      (``CORPUS_MODE=process`` runs every case as its own process instead).
    """

    def __init__(self, base: Path, cases: list[Case]):
        self.base = base
        self.snapshot = base / "demo_parts"
        shutil.copytree(DEMO, self.snapshot)
        jobs = int(os.environ.get("CORPUS_JOBS", max(2, os.cpu_count() or 2)))
        self.pool = ThreadPoolExecutor(max_workers=jobs + 1)
        self.lock = threading.Lock()
        self.futures: dict[str, Future] = {}
        self.batched = [c for c in cases if batch_entry(c) is not None]
        self.batch: Future | None = None
        if self.batched:
            self.batch = self.pool.submit(run_batch, self.batched, base / "batch", self.snapshot)
        rest = [c for c in cases if batch_entry(c) is None]
        for case in rest:
            if real_process(case):
                self.submit(case)
        pooled = [c for c in rest if not real_process(c)]
        chunks = [pooled[i::jobs] for i in range(jobs)]
        for i, chunk in enumerate(chunks):
            if not chunk:
                continue
            future = self.pool.submit(run_chunk, chunk, base, self.snapshot, f"chunk{i}")
            for case in chunk:
                self.futures[case.id] = future

    def submit(self, case: Case) -> Future:
        with self.lock:
            if case.id not in self.futures:
                self.futures[case.id] = self.pool.submit(
                    run_case, case, self.base / case.id, self.snapshot)
            return self.futures[case.id]

    def result(self, case: Case) -> Outcome:
        if batch_entry(case) is not None and self.batch is not None:
            whole, views = self.batch.result()
            if case.id in views:
                return views[case.id]
        found = self.submit(case).result()
        return found[case.id] if isinstance(found, dict) else found

    def batch_outcome(self) -> tuple[Outcome, list[Case]] | None:
        if self.batch is None:
            return None
        return self.batch.result()[0], self.batched

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


# --------------------------------------------------------------------------------------------
# Judging


DIAG_KEYS = {"severity": str, "code": str, "message": str, "file": str}
OPT_INT_KEYS = ("line", "column", "end_line", "end_column")


def check_shape(data: Any) -> None:
    """The JSON form: {"diagnostics": [...], "summary": {"errors": int, "warnings": int}}."""
    assert isinstance(data, dict), data
    assert set(data) >= {"diagnostics", "summary"}, data.keys()
    assert isinstance(data["diagnostics"], list)
    summary = data["summary"]
    assert isinstance(summary, dict) and set(summary) >= {"errors", "warnings"}
    errors = warnings = 0
    for d in data["diagnostics"]:
        assert isinstance(d, dict)
        for key, typ in DIAG_KEYS.items():
            assert isinstance(d.get(key), typ), (key, d)
        assert d["severity"] in (ERROR, WARNING, NOTE), d
        assert d["message"].strip(), d
        for key in OPT_INT_KEYS:
            assert key in d, (key, d)
            v = d[key]
            assert v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 1), (key, d)
        if d["line"] is None:
            assert d["column"] is None, d
        for key in ("help", "notes"):
            assert isinstance(d.get(key), list) and all(isinstance(s, str) for s in d[key]), (key, d)
        errors += d["severity"] == ERROR
        warnings += d["severity"] == WARNING
    assert summary["errors"] == errors, (summary, errors)
    assert summary["warnings"] == warnings, (summary, warnings)


def check_place(d: dict, info: str) -> None:
    """A place inside a file lies inside it: its line exists, its columns lie on that line
    (1-based, end inclusive, counted in code points), and it does not end before it starts."""
    if d["line"] is None or not d["file"]:
        return
    path = Path(d["file"])
    if not path.is_absolute():
        path = REPO / path
    try:
        lines = path.read_bytes().decode("utf-8", errors="surrogateescape").split("\n")
    except OSError:
        return
    where = f"{d['code']} at {path.name}:{d['line']}:{d['column']}-{d['end_line']}:{d['end_column']}"
    assert 1 <= d["line"] <= len(lines), f"{where}: no such line\n{info}"
    if d["column"] is not None:
        text = lines[d["line"] - 1].rstrip("\r")
        assert 1 <= d["column"] <= len(text) + 1, f"{where}: the column is off its line\n{info}"
    if d["end_line"] is not None:
        assert d["end_line"] >= d["line"], f"{where}: ends before it starts\n{info}"
        if d["end_line"] <= len(lines) and d["end_column"] is not None:
            end_text = lines[d["end_line"] - 1].rstrip("\r")
            assert 1 <= d["end_column"] <= len(end_text) + 1, f"{where}: the end column is off its line\n{info}"
            if d["end_line"] == d["line"] and d["column"] is not None:
                assert d["end_column"] >= d["column"], f"{where}: ends before it starts\n{info}"


def _same_file(reported: str, expected: Path) -> bool:
    if not reported:
        return False
    p = Path(reported)
    if not p.is_absolute():
        p = REPO / p
    try:
        return p.resolve() == expected.resolve()
    except OSError:
        return False


def describe(outcome: Outcome) -> str:
    try:
        diags = outcome.data["diagnostics"]
        listing = "\n".join(
            f"  {d['severity']}[{d['code']}] {Path(d['file']).name}:{d['line']}: {d['message']}"
            f"{' help=' + repr(d['help']) if d['help'] else ''}"
            f"{' notes=' + repr(d['notes']) if d['notes'] else ''}"
            for d in diags) or "  (no diagnostics)"
    except Exception:  # noqa: BLE001 - only for the failure message
        listing = "  stdout: " + outcome.stdout[:2000]
    return (f"case {outcome.case.id}: exit {outcome.status}\n{listing}\n"
            f"stderr: {outcome.stderr[-2000:]}")


def judge_basics(outcome: Outcome) -> Any:
    """No traceback, no internal error, and stdout one JSON document of the JSON form's shape."""
    info = describe(outcome)
    assert "Traceback" not in outcome.stderr, info
    assert "internal error" not in outcome.stderr.lower(), info
    try:
        data = outcome.data
    except json.JSONDecodeError as exc:
        raise AssertionError(f"stdout is not JSON ({exc})\n{info}") from None
    check_shape(outcome.all_data)
    return data


def judge(outcome: Outcome) -> None:
    case = outcome.case
    info = describe(outcome)
    data = judge_basics(outcome)
    diags = data["diagnostics"]
    for exp in case.expect:
        rel = exp.file or outcome.first_path
        assert rel is not None, "corpus bug: an expectation without a file"
        path = outcome.path(rel)
        with_code = [d for d in diags if d["code"] == exp.code]
        assert with_code, f"expected {exp.code} not reported\n{info}"
        in_file = [d for d in with_code if _same_file(d["file"], path)]
        assert in_file, f"{exp.code} does not point into {rel}\n{info}"
        if exp.line == "edit":
            want = outcome.edited.get(rel)
        else:
            want = exp.line
        if want != 0:
            # the line is the primary place's, or a secondary place's in the same file
            on_line = [d for d in in_file if d["line"] == want or any(
                lab.get("line") == want and _same_file(lab.get("file") or d["file"], path)
                for lab in d.get("labels") or [])]
            assert on_line, f"{exp.code} not on line {want} of {rel}\n{info}"
            in_file = on_line
        d = in_file[0]
        assert d["severity"] == exp.severity, f"{exp.code}: severity {d['severity']}, want {exp.severity}\n{info}"
        if exp.severity == ERROR:
            assert d["help"] and all(h.strip() for h in d["help"]), f"{exp.code}: an error without help\n{info}"
        text = " ".join([d["message"], *d["help"], *d["notes"]]).lower()
        for lab_file, lab_line in exp.labels:
            lab_path = outcome.path(lab_file)
            assert any(lab.get("line") == lab_line and _same_file(lab.get("file") or d["file"], lab_path)
                       for lab in d.get("labels") or []), \
                f"{exp.code}: no secondary place at {lab_file}:{lab_line}\n{info}\nlabels: {d.get('labels')}"
        for needle in exp.in_text:
            assert needle.lower() in text, f"{exp.code}: {needle!r} not in its text\n{info}"
    for d in diags:
        assert len(set(d["help"])) == len(d["help"]), f"{d['code']}: the same help twice\n{info}"
        if d["severity"] == ERROR:
            assert d["help"] and all(h.strip() for h in d["help"]), f"{d['code']}: an error without help\n{info}"
        check_place(d, info)
    allowed = {e.code for e in case.expect} | set(case.also)
    stray = [d for d in diags if d["code"] not in allowed and d["severity"] != NOTE]
    assert not stray, f"unexpected diagnostics {[d['code'] for d in stray]}\n{info}"
    if outcome.scope is not None:
        return      # a batch: its exit status is judged once, for the whole library
    want_status = expected_status(case)
    assert outcome.status == want_status, f"exit status {outcome.status}, want {want_status}\n{info}"
