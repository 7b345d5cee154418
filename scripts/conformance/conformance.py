#!/usr/bin/env python3
"""The parts of scripts/rxswift-conformance that parse things: copying and adapting
RxSwift's test files into the scratch package, reading compiler errors, running each
test class in its own process and reading XCTest's output, and the report.

Run by scripts/rxswift-conformance; each stage is a subcommand.
"""

import argparse
import collections
import datetime
import os
import re
import shutil
import signal
import subprocess
import sys
import time

MODULE = "RxSwiftTests"
PACKAGE = "RxSwiftConformance"
TARGET_DIR = os.path.join("Tests", MODULE)

# Where RxSwift keeps its tests, relative to the checkout. Every top-level file of
# these folders with a test method is a test file; the others are helpers.
TEST_DIRS = ["Tests/RxSwiftTests", "Tests/RxRelayTests"]

# Helpers the test files lean on, besides the ones in TEST_DIRS. The Platform files
# are the lock and main-queue check that the mocks use (RxSwift's Linux test target
# links them the same way); its data structures are left out with their tests.
HELPERS = [
    "Tests/RxTest.swift",
    "Tests/TestErrors.swift",
    "Tests/Recorded+Timeless.swift",
    "Tests/XCTest+AllTests.swift",
    "Tests/Resources.swift",
    "Tests/MessageProcessingStage.swift",
    "Tests/Platform/RecursiveLock.swift",
    "Tests/Platform/DispatchQueue+Extensions.swift",
    "Tests/Platform/AtomicInt.swift",
    "Tests/Platform/Platform.Linux.swift",
    # A reference box of RxSwift's own sources that one test file uses as a plain
    # mutable holder (it tests the subjects, not the box); RxCore has no such type.
    "RxSwift/RxMutableBox.swift",
]
HELPER_TREES = ["Tests/RxSwiftTests/TestImplementations"]

# Our own adapter files (scripts/conformance/), copied in as helpers.
ADAPTERS = ["LinuxXCTest.swift"]

# Written by the runner when the project has RxBlocking.
IMPORTS = "ConformanceImports.swift"

# Without these nothing compiles: if one of them fails, the run stops instead of
# excluding every test file one after the other.
ESSENTIAL = {"RxTest.swift", "TestErrors.swift", "Recorded+Timeless.swift", "XCTest+AllTests.swift",
             "LinuxXCTest.swift"}

# The import swaps every copied file gets: RxCore stands for RxSwift and RxRelay,
# RxTesting for RxTest (RxBlocking stays, where the project has it; RxSwift also
# brings RxFoundation, where it has that). RxCocoa exists
# only on Apple platforms, in RxSwift's own package too, so its import is dropped:
# a file that really uses RxCocoa still fails.
IMPORT_SWAPS = [
    (re.compile(r"^([ \t]*(?:@testable\s+)?import\s+)(?:RxSwift|RxRelay)[ \t]*$", re.M), r"\1RxCore"),
    (re.compile(r"^([ \t]*(?:@testable\s+)?import\s+)RxTest[ \t]*$", re.M), r"\1RxTesting"),
    (re.compile(r"^[ \t]*(?:@testable\s+)?import\s+RxCocoa[ \t]*\n", re.M), ""),
    # Names qualified with the module (RxSwift.Resources) follow the module.
    (re.compile(r"\bRxSwift\.(?=[A-Z])"), "RxCore."),
    (re.compile(r"\bRxRelay\.(?=[A-Z])"), "RxCore."),
]

# Adaptations of RxSwift's helpers (never of its test files): (file, pattern,
# replacement, why). Each pattern must match, so that a change in RxSwift is noticed.
HELPER_EDITS = [
    ("Observable+Extensions.swift", r"public func == <T>\(lhs: Observable<T>, rhs: Observable<T>\) -> Bool \{\n\s*lhs === rhs\n\}\n",
     "", "RxCore's Observable is a struct, so it has no identity to compare"),
    ("Observable.Extensions.swift", r"extension Observable: @retroactive Equatable \{\}\n", "",
     "RxCore's Observable is a struct, so it has no identity to compare"),
]

# Compiler errors that follow from another one rather than name a cause.
FOLLOW_ON = re.compile(r"cannot infer contextual base|generic parameter '.*' could not be inferred|"
                       r"unable to type-check this expression|failed to produce diagnostic|"
                       r"cannot infer type of closure parameter")

ERROR_LINE = re.compile(r"^(/[^:]+):(\d+):(\d+): error: (.*)$")
MISSING_MODULE = re.compile(r"no such module '([^']+)'")


def state_path(scratch, name):
    return os.path.join(scratch, "state", name)


def read_tsv(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write("\t".join(str(x).replace("\t", " ").replace("\n", " ") for x in row) + "\n")


def count_source_tests(text):
    return len(re.findall(r"^\s*(?:@\w+\s+)*(?:override\s+)?func\s+test\w*\s*\(\s*\)", text, re.M))


# ---------------------------------------------------------------- prepare

def cmd_prepare(args):
    rxswift, scratch, adapters = args.rxswift, args.scratch, args.adapters
    target = os.path.join(scratch, TARGET_DIR)
    # Everything but .build (the dependency's build is kept between runs) is redone.
    for sub in (target, os.path.join(scratch, "excluded-sources"), os.path.join(scratch, "state"),
                os.path.join(scratch, "logs")):
        shutil.rmtree(sub, ignore_errors=True)
        os.makedirs(sub)
    for old in ("compile-errors.txt", "results.tsv", "failures.txt", "missing-api.txt", "summary.txt"):
        if os.path.exists(os.path.join(scratch, old)):
            os.remove(os.path.join(scratch, old))

    listed = {}
    with open(args.excluded, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, reason = line.partition(" ")
            listed[name] = reason.strip()

    files = []  # (name, role, origin)
    for d in TEST_DIRS:
        for name in sorted(os.listdir(os.path.join(rxswift, d))):
            path = os.path.join(rxswift, d, name)
            if name.endswith(".swift") and os.path.isfile(path):
                with open(path, encoding="utf-8") as f:
                    role = "test" if count_source_tests(f.read()) else "helper"
                files.append((name, role, os.path.join(d, name)))
    for tree in HELPER_TREES:
        for root, _, names in sorted(os.walk(os.path.join(rxswift, tree))):
            for name in sorted(names):
                if name.endswith(".swift"):
                    files.append((name, "helper", os.path.relpath(os.path.join(root, name), rxswift)))
    for rel in HELPERS:
        if os.path.exists(os.path.join(rxswift, rel)):
            files.append((os.path.basename(rel), "helper", rel))
    for name in ADAPTERS:
        files.append((name, "adapter", os.path.join(adapters, name)))

    seen = collections.Counter(name for name, _, _ in files)
    clashes = [name for name, n in seen.items() if n > 1]
    if clashes:
        sys.exit(f"two RxSwift files share a name, which one folder cannot hold: {', '.join(clashes)}")
    for missing in sorted(set(listed) - set(seen)):
        print(f"note: {missing} (in excluded.txt) is not in this RxSwift checkout", file=sys.stderr)

    edits_by_file = collections.defaultdict(list)
    for name, pattern, replacement, why in HELPER_EDITS:
        edits_by_file[name].append((re.compile(pattern, re.M), replacement, why))

    # RxBlocking keeps its name where the project has one; without it the files
    # that import it do not compile. RxFoundation holds what RxSwift has in its
    # own module but RxCore keeps apart to need only FoundationEssentials
    # (OperationQueueScheduler): where the project has it, `import RxSwift`
    # becomes both modules.
    products = ["RxCore", "RxTesting"]
    with open(os.path.join(args.project, "Package.swift"), encoding="utf-8") as f:
        manifest = f.read()
    for optional in ("RxBlocking", "RxFoundation"):
        if re.search(r'\.library\(\s*name:\s*"' + optional + '"', manifest):
            products.append(optional)
    swaps = list(IMPORT_SWAPS)
    if "RxFoundation" in products:
        swaps.insert(0, (re.compile(r"^([ \t]*(?:@testable\s+)?import\s+)RxSwift[ \t]*$", re.M), r"\1RxCore\n\1RxFoundation"))

    rows, excluded = [], []
    for name, role, origin in files:
        source = origin if role == "adapter" else os.path.join(rxswift, origin)
        with open(source, encoding="utf-8") as f:
            text = f.read()
        rows.append((name, role, origin, count_source_tests(text) if role == "test" else 0))
        if name in listed:
            excluded.append((name, "listed", listed[name]))
            continue
        if role != "adapter":
            for pattern, replacement in swaps:
                text = pattern.sub(replacement, text)
        for pattern, replacement, why in edits_by_file.get(name, []):
            text, n = pattern.subn(replacement, text)
            if n == 0:
                print(f"warning: the adaptation of {name} no longer applies ({why})", file=sys.stderr)
        with open(os.path.join(target, name), "w", encoding="utf-8") as f:
            f.write(text)

    # Two of RxSwift's files import RxBlocking and others call toBlocking() on the
    # strength of it (Swift 5 shows an imported module's extensions to the whole
    # module); this import keeps that so when those two files are excluded.
    if "RxBlocking" in products:
        with open(os.path.join(target, IMPORTS), "w", encoding="utf-8") as f:
            f.write("// Written by scripts/rxswift-conformance: RxBlocking for every file, as in RxSwift's test target.\n"
                    "import RxBlocking\n")
        rows.append((IMPORTS, "adapter", "(written by the runner)", 0))

    write_tsv(state_path(scratch, "files.tsv"), rows)
    write_tsv(state_path(scratch, "excluded.tsv"), excluded)
    identity = os.path.basename(args.project).lower()
    dependencies = "".join(f'                .product(name: "{p}", package: "{identity}"),\n' for p in products)

    # The scratch package: RxSwift's tests in Swift 5 mode, as RxSwift builds them.
    with open(os.path.join(scratch, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(f"""// swift-tools-version:6.0
// Written by scripts/rxswift-conformance of {args.project}; rewritten on every run.
import PackageDescription

let package = Package(
    name: "{PACKAGE}",
    dependencies: [.package(path: "{args.project}")],
    targets: [
        .testTarget(
            name: "{MODULE}",
            dependencies: [
{dependencies}            ],
            path: "{TARGET_DIR}"
        ),
    ],
    swiftLanguageModes: [.v5]
)
""")
    tests = sum(1 for r in rows if r[1] == "test")
    print(f"copied {len(rows) - len(excluded)} files ({tests} test files, {len(excluded)} listed as excluded); "
          f"products: {', '.join(products)}")


# ---------------------------------------------------------------- compile errors

def cmd_compile_errors(args):
    """Excludes the copied files the compiler rejected. Exit status 0: some were
    excluded, build again; 2: an essential helper failed; 3: nothing to exclude."""
    scratch = args.scratch
    target = os.path.realpath(os.path.join(scratch, TARGET_DIR))
    errors = collections.OrderedDict()  # file -> [(line, col, message)]
    outside = []
    with open(args.log, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = ERROR_LINE.match(line.rstrip("\n"))
            if not m:
                continue
            path, lineno, col, message = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
            message = re.sub(r"\s*\[#\w+\]: <[^>]*>$|\s*\[#\w+\]$", "", message)
            if os.path.dirname(os.path.realpath(path)) != target:
                outside.append(line.strip())
                continue
            entry = (lineno, col, message)
            errors.setdefault(os.path.basename(path), [])
            if entry not in errors[os.path.basename(path)]:
                errors[os.path.basename(path)].append(entry)

    if not errors:
        for line in outside[:20]:
            print(line, file=sys.stderr)
        return 3

    # A missing module stops the whole module's compilation at the first file that
    # imports it; every file importing it is excluded at once.
    present = set(os.listdir(target))
    reasons = {}
    for name, entries in errors.items():
        for _, _, message in entries:
            m = MISSING_MODULE.search(message)
            if m:
                importer = re.compile(rf"^\s*(?:@testable\s+)?import\s+{re.escape(m.group(1))}\s*$", re.M)
                for other in sorted(present):
                    with open(os.path.join(target, other), encoding="utf-8") as f:
                        if importer.search(f.read()):
                            reasons[other] = f"no such module '{m.group(1)}' (the project has no counterpart)"

    with open(os.path.join(scratch, "compile-errors.txt"), "a", encoding="utf-8") as log:
        for name, entries in errors.items():
            entries.sort()
            log.write(f"== {name}\n")
            for lineno, col, message in entries:
                log.write(f"{name}:{lineno}:{col}: {message}\n")
            if name not in reasons:
                named = [e for e in entries if not FOLLOW_ON.search(e[2])] or entries
                lineno, _, message = named[0]
                reasons[name] = f"does not compile: {message} (line {lineno})"

    essential = sorted(n for n in reasons if n in ESSENTIAL)
    if essential:
        for name in essential:
            print(f"{name}: {reasons[name]}", file=sys.stderr)
        return 2

    excluded = read_tsv(state_path(scratch, "excluded.tsv"))
    moved = 0
    for name in sorted(reasons):
        if name in present:
            shutil.move(os.path.join(target, name), os.path.join(scratch, "excluded-sources", name))
            excluded.append((name, "compile", reasons[name]))
            print(f"  excluded {name}: {reasons[name]}")
            moved += 1
    write_tsv(state_path(scratch, "excluded.tsv"), excluded)
    return 0 if moved else 3


# ---------------------------------------------------------------- test → file

def strip_code(text):
    """The text with comments and string literals blanked, so braces count right."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            out.append('""' + "\n" * text.count("\n", i, n if j < 0 else j))
            i = n if j < 0 else j + 3
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


DECL = re.compile(r"^\s*(?:(?:public|internal|fileprivate|private|final|open)\s+)*(class|extension)\s+([A-Za-z_]\w*)"
                  r"(?:\s*:\s*([A-Za-z_][\w.]*))?")
FUNC = re.compile(r"\bfunc\s+(test\w*)\s*\(\s*\)")


def map_tests(target):
    """(class, test) -> file, and class -> superclass, from the compiled sources."""
    where, supers, class_file = {}, {}, {}
    for name in sorted(os.listdir(target)):
        with open(os.path.join(target, name), encoding="utf-8") as f:
            text = strip_code(f.read())
        depth, current = 0, None
        for line in text.split("\n"):
            if depth == 0:
                m = DECL.match(line)
                if m:
                    current = m.group(2)
                    if m.group(1) == "class":
                        class_file.setdefault(current, name)
                        if m.group(3):
                            supers[current] = m.group(3).split(".")[-1]
            elif depth == 1 and current:
                for fm in FUNC.finditer(line):
                    where.setdefault((current, fm.group(1)), name)
            depth = max(0, depth + line.count("{") - line.count("}"))
    return where, supers, class_file


def file_of(cls, test, where, supers, class_file):
    c = cls
    for _ in range(10):
        if (c, test) in where:
            return where[(c, test)]
        if c not in supers:
            break
        c = supers[c]
    return class_file.get(cls, "?")


# ---------------------------------------------------------------- run

TEST_LINE = re.compile(r"^Test Case '(?:[\w.]+\.)?(\w+)\.(\w+)' (started|passed|failed|skipped)")
FAILURE_LINE = re.compile(r"^(.*?):(\d+): error: (?:[\w.]+\.)?(\w+)\.(\w+) : (.*)$")
# What a crashing test leaves: the runtime's message first, the signal after it.
FATAL_LINE = re.compile(r"(?:^|: )(Fatal error|Precondition failed|Assertion failed|Unexpectedly found nil)|"
                        r"Program crashed|unexpected signal code")


def list_tests(scratch):
    out = subprocess.run(["swift", "test", "list", "--skip-build", "--disable-swift-testing", "--package-path", scratch],
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    tests = []
    for line in out.stdout.splitlines():
        m = re.match(rf"^{MODULE}\.(\w+)/(\w+)$", line.strip())
        if m:
            tests.append((m.group(1), m.group(2)))
    if out.returncode != 0 or not tests:
        sys.stderr.write(out.stdout[-4000:])
        sys.exit("swift test list found no tests")
    return tests


TIMED_OUT = 124


def descendants(pid):
    """The processes below pid, from /proc (children first found, then theirs)."""
    children = collections.defaultdict(list)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children[ppid].append(int(entry))
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def run_with_timeout(cmd, timeout, log):
    """Runs cmd; after timeout seconds kills it and every process it started.
    `swift test` runs the test binary in a process group of its own, which a
    signal to swift test's group (timeout(1)'s way) does not reach."""
    process = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)

    def kill_all():
        for pid in reversed(descendants(process.pid)):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.kill()
        process.wait()

    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_all()
        return TIMED_OUT
    except BaseException:
        # Interrupted (Ctrl-C): leave no test binary running in its own group.
        kill_all()
        raise


def run_process(scratch, cls, names, timeout, log_path, everything):
    """One `swift test` process for some of a class's tests; returns what it saw."""
    if everything:
        pattern = rf"^{MODULE}\.{cls}/"
    else:
        pattern = rf"^{MODULE}\.{cls}/({'|'.join(names)})$"
    # Line-buffered (stdbuf's setting reaches the test binary through the
    # environment), so that a test process killed or crashed leaves every line
    # it wrote, the started test's included.
    cmd = ["stdbuf", "-oL", "-eL", "swift", "test", "--skip-build", "--disable-swift-testing",
           "--package-path", scratch, "--filter", pattern]
    with open(log_path, "w", encoding="utf-8") as log:
        log.write("$ " + " ".join(cmd) + "\n")
        log.flush()
        rc = run_with_timeout(cmd, timeout, log)
    results, messages, started, fatal = {}, {}, None, []
    with open(log_path, encoding="utf-8", errors="replace") as log:
        for line in log:
            line = line.rstrip("\n")
            if started and FATAL_LINE.search(line):
                fatal.append(line.strip())
            m = TEST_LINE.match(line)
            if m and m.group(1) == cls:
                test, what = m.group(2), m.group(3)
                if what == "started":
                    started, fatal = test, []
                else:
                    results[test] = what
                    started = None
                continue
            m = FAILURE_LINE.match(line)
            if m and m.group(3) == cls:
                messages.setdefault(m.group(4), f"{os.path.basename(m.group(1))}:{m.group(2)}: {m.group(5).strip()}")
    return rc, results, messages, started, fatal


def cmd_run(args):
    scratch, timeout = args.scratch, args.timeout
    target = os.path.join(scratch, TARGET_DIR)
    tests = list_tests(scratch)
    where, supers, class_file = map_tests(target)
    by_class = collections.OrderedDict()
    for cls, test in tests:
        by_class.setdefault(cls, []).append(test)
    os.makedirs(os.path.join(scratch, "logs", "run"), exist_ok=True)

    rows = []
    print(f"{len(tests)} tests in {len(by_class)} classes; each class in its own process, at most {timeout} s each")
    for cls, names in by_class.items():
        began = time.monotonic()
        outcome = {}  # test -> (status, message)
        remaining, attempt = list(names), 0
        while remaining:
            attempt += 1
            log_path = os.path.join(scratch, "logs", "run", f"{cls}.{attempt}.log")
            rc, results, messages, started, fatal = run_process(scratch, cls, remaining, timeout, log_path, attempt == 1)
            for test, what in results.items():
                if test in remaining:
                    outcome[test] = (what, messages.get(test, "") if what == "failed" else "")
            if started and started not in results:
                if rc == TIMED_OUT:
                    outcome[started] = ("hung", f"still running when its class's process reached the {timeout} s limit")
                else:
                    said = [x for x in (fatal[0] if fatal else "", messages.get(started, "")) if x]
                    outcome[started] = ("crashed", "; ".join(said) or f"the test process ended with status {rc}")
            left = [t for t in remaining if t not in outcome]
            if len(left) == len(remaining):
                # No progress: the process died before any test of its own started.
                why = "hung" if rc == TIMED_OUT else "crashed"
                for test in left:
                    outcome[test] = (why, f"not run: the test process ended with status {rc} before it started")
                left = []
            remaining = left
        counts = collections.Counter(status for status, _ in outcome.values())
        summary = ", ".join(f"{counts[k]} {k}" for k in ("passed", "failed", "hung", "crashed", "skipped") if counts[k])
        print(f"  {cls}: {summary} ({time.monotonic() - began:.1f} s)", flush=True)
        for test in names:
            status, message = outcome[test]
            rows.append((f"{MODULE}.{cls}/{test}", file_of(cls, test, where, supers, class_file), status, message))
    write_tsv(state_path(scratch, "tests.tsv"), rows)


# ---------------------------------------------------------------- report

MISSING = [
    (re.compile(r"^value of type '[^']+' (?:\(aka '[^']+'\) )?has no member '(\w+)'"), "{0}"),
    (re.compile(r"^type '([\w.]+)(?:<[^']*>)?' (?:\(aka '[^']+'\) )?has no member '(\w+)'"), "{0}.{1}"),
    (re.compile(r"^cannot find (?:type )?'(\w+)' in scope"), "{0}"),
    (re.compile(r"^extra argument '(\w+)' in call"), "argument {0}:"),
    (re.compile(r"requires that '(\w+)(?:<[^']*>)?' conform to '(\w+)'"), "{0}: {1}"),
    (re.compile(r"^type '(any \w+)' cannot conform to '(\w+)'"), "{0}: {1}"),
]


def missing_api(path):
    """Names the compiler could not find, with the files that use them, most used
    first."""
    users = collections.defaultdict(set)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"^([^:]+):\d+:\d+: (.*)$", line.strip())
                if not m:
                    continue
                for pattern, form in MISSING:
                    hit = pattern.match(m.group(2))
                    # `.next(…)` looked up on the wrong event type follows from an
                    # overload chosen after an earlier error.
                    if hit and hit.group(1) not in ("Equatable", "Any", "_") and not (
                            form == "{0}.{1}" and hit.group(2) in ("next", "completed", "error", "success")):
                        users[form.format(*hit.groups())].add(m.group(1))
                        break
    return sorted(users.items(), key=lambda item: (-len(item[1]), item[0]))


def cmd_report(args):
    scratch = args.scratch
    files = read_tsv(state_path(scratch, "files.tsv"))
    excluded = {row[0]: (row[1], row[2]) for row in read_tsv(state_path(scratch, "excluded.tsv"))}
    results = read_tsv(state_path(scratch, "tests.tsv"))

    per_file = collections.defaultdict(collections.Counter)
    for test_id, name, status, _ in results:
        per_file[name][status] += 1
        per_file[name]["compiled"] += 1

    header = ["file", "source", "compiled", "passed", "failed", "note"]
    table, tsv = [], [["file", "tests_in_source", "compiled", "passed", "failed", "hung", "crashed", "skipped",
                       "status", "reason"]]
    totals = collections.Counter()
    test_files = [r for r in files if r[1] == "test"]
    for name, _, origin, source in test_files:
        c = per_file.get(name, collections.Counter())
        failed = c["failed"] + c["hung"] + c["crashed"]
        totals.update({"source": int(source), "compiled": c["compiled"], "passed": c["passed"], "failed": failed,
                       "hung": c["hung"], "crashed": c["crashed"], "skipped": c["skipped"]})
        if name in excluded:
            kind, reason = excluded[name]
            note = ("excluded: " if kind == "listed" else "") + reason
            status = "excluded" if kind == "listed" else "compile-error"
            totals["excluded" if kind == "listed" else "uncompiled"] += 1
        else:
            bits = [f"{c[k]} {k}" for k in ("hung", "crashed", "skipped") if c[k]]
            note = ", ".join(bits)
            status = "ran"
            totals["ran"] += 1
        table.append([name, source, c["compiled"], c["passed"], failed, note])
        tsv.append([origin, source, c["compiled"], c["passed"], failed, c["hung"], c["crashed"], c["skipped"], status,
                    note if status != "ran" else ""])

    unknown = per_file.get("?", collections.Counter())
    if unknown["compiled"]:
        table.append(["(file not found)", "", unknown["compiled"], unknown["passed"],
                      unknown["failed"] + unknown["hung"] + unknown["crashed"], ""])
        totals.update({"compiled": unknown["compiled"], "passed": unknown["passed"],
                       "failed": unknown["failed"] + unknown["hung"] + unknown["crashed"]})

    helpers = [(r[0], excluded[r[0]][1]) for r in files if r[1] != "test" and r[0] in excluded]

    write_tsv(os.path.join(scratch, "results.tsv"), tsv)
    missing = missing_api(os.path.join(scratch, "compile-errors.txt"))
    with open(os.path.join(scratch, "missing-api.txt"), "w", encoding="utf-8") as f:
        f.write("# what the compiler could not find, by how many copied files need it\n")
        for name, names in missing:
            f.write(f"{len(names)}\t{name}\t{' '.join(sorted(names))}\n")

    with open(os.path.join(scratch, "failures.txt"), "w", encoding="utf-8") as f:
        f.write(f"# RxSwift {args.commit} against RxCore at {args.core}, {args.date}: failing tests, by file,\n"
                f"# each with its first failure message (logs of every test process: {os.path.join(scratch, 'logs', 'run')})\n")
        last = None
        for test_id, name, status, message in sorted(results, key=lambda r: (r[1], r[0])):
            if status in ("passed", "skipped"):
                continue
            if name != last:
                f.write(f"\n== {name}\n")
                last = name
            f.write(f"{test_id} [{status}]\n    {message[:3000] or '(no message)'}\n")

    widths = [max(len(str(row[i])) for row in [header] + table) for i in range(len(header) - 1)]
    def line(row):
        cells = [str(row[i]).ljust(widths[i]) if i == 0 else str(row[i]).rjust(widths[i]) for i in range(len(widths))]
        return "  ".join(cells + [str(row[-1])]).rstrip()
    print(f"RxSwift {args.commit} ({args.rxswift_date}) against RxCore at {args.core}, measured {args.date}")
    print(line(header))
    for row in table:
        print(line(row))
    if helpers:
        print("\nhelpers left out (the tests that need them fail to compile):")
        for name, reason in helpers:
            print(f"  {name}: {reason}")
    if missing:
        print("\nwhat the files that do not compile miss most (number of files):")
        print("  " + ", ".join(f"{name} ({len(names)})" for name, names in missing[:20]))
    compiled = totals["compiled"]
    percent = 100.0 * totals["passed"] / compiled if compiled else 0.0
    of_source = 100.0 * totals["passed"] / totals["source"] if totals["source"] else 0.0
    print(f"\nsummary: {len(test_files)} test files ({totals['ran']} compiled and ran, {totals['uncompiled']} do not "
          f"compile, {totals['excluded']} excluded); tests: {compiled} compiled, {totals['passed']} passed, "
          f"{totals['failed']} failed ({totals['hung']} hung, {totals['crashed']} crashed"
          + (f", {totals['skipped']} skipped" if totals["skipped"] else "")
          + f"): {percent:.1f}% of compiled tests passed ({of_source:.1f}% of the {totals['source']} test methods "
          f"in the source files)")
    print(f"per file: {os.path.join(scratch, 'results.tsv')}; failures: {os.path.join(scratch, 'failures.txt')}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--rxswift", required=True)
    p.add_argument("--scratch", required=True)
    p.add_argument("--project", required=True)
    p.add_argument("--adapters", required=True)
    p.add_argument("--excluded", required=True)
    p = sub.add_parser("compile-errors")
    p.add_argument("--scratch", required=True)
    p.add_argument("log")
    p = sub.add_parser("run")
    p.add_argument("--scratch", required=True)
    p.add_argument("--timeout", type=int, default=120)
    p = sub.add_parser("report")
    p.add_argument("--scratch", required=True)
    p.add_argument("--commit", required=True)
    p.add_argument("--rxswift-date", required=True)
    p.add_argument("--core", default="unknown")
    p.add_argument("--date", default=datetime.date.today().isoformat())
    args = parser.parse_args()
    handler = {"prepare": cmd_prepare, "compile-errors": cmd_compile_errors, "run": cmd_run, "report": cmd_report}
    sys.exit(handler[args.command](args) or 0)


if __name__ == "__main__":
    main()
