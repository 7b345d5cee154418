#!/usr/bin/env python3
"""Counts the locked instructions a program executed, from a callgrind profile.

    scripts/locked-instructions.py PROFILE [TOP]

PROFILE is written by `valgrind --tool=callgrind --dump-instr=yes --compress-pos=no
--compress-strings=no`. A locked instruction is an atomic read-modify-write (an
instruction with the `lock` prefix, or `xchg` with memory, which is locked without
one): a retain or release, a compare-and-swap, an atomic add. Each costs some forty
ordinary instructions on this kind of machine (a locked add and subtract took 9.7 ns,
plain ones 0.25 ns), because it waits for the stores before it to drain, so on the
core's short paths their number tells more about the time than the instruction
count does. Callgrind counts every
instruction alike; this joins its per-address counts with each object file's
disassembly to find the locked ones.

Prints the total; with TOP, also the TOP functions executing the most of them.
"""
import collections
import re
import subprocess
import sys


def executions_by_address(profile):
    """{object file: {address: times executed}}, the addresses as in the file."""
    counts = collections.defaultdict(collections.Counter)
    obj = None
    after_call = False
    with open(profile) as lines:
        for line in lines:
            if line.startswith("ob="):
                obj = line[3:].strip()
            elif line.startswith("calls="):
                after_call = True  # the next cost line is the call's inclusive cost
            elif line.startswith("0x"):
                if after_call:
                    after_call = False
                    continue
                address, _line, cost = line.split()[:3]
                counts[obj][int(address, 16)] += int(cost)
    return counts


def locked_addresses(obj):
    """{address: function} of every locked instruction in an object file."""
    listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj],
                             capture_output=True, text=True, check=False).stdout
    found, function = {}, "?"
    for line in listing.splitlines():
        header = re.match(r"^[0-9a-f]+ <(.*)>:", line)
        if header:
            function = header.group(1)
            continue
        instruction = re.match(r"\s*([0-9a-f]+):\s+(.*)", line)
        if not instruction:
            continue
        text = instruction.group(2)
        if text.startswith("lock ") or (text.startswith("xchg") and "(" in text):
            found[int(instruction.group(1), 16)] = function
    return found


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2].strip())
    total, by_function = 0, collections.Counter()
    for obj, executed in executions_by_address(sys.argv[1]).items():
        if not obj or not obj.startswith("/"):
            continue
        for address, function in locked_addresses(obj).items():
            times = executed.get(address, 0)
            if times:
                total += times
                by_function[(obj.rsplit("/", 1)[-1], function)] += times
    print(total)
    if len(sys.argv) == 3:
        for (obj, function), times in by_function.most_common(int(sys.argv[2])):
            print(f"{times}\t{obj}\t{function}")


if __name__ == "__main__":
    main()
