#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Which functions of two builds of one host program have the same machine code: objdump -d of both, function by
function (names demangled), addresses and rip-relative offsets ignored. The host counterpart of sass_diff.py: a
function whose code did not change cannot have changed speed.

    python3 scripts/asm_diff.py BASE_BINARY NEW_BINARY [NAME_REGEX] [--list]

Prints how many of the functions both builds have (those matching NAME_REGEX) are identical and lists those that
differ, with their instruction counts.
"""
import re
import subprocess
import sys


def functions(path):
    """{demangled function name: [normalised instructions]}."""
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", path], capture_output=True, text=True,
                          check=True).stdout
    out, name = {}, None
    for line in text.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if m:
            name = m.group(1)
            out[name] = []
            continue
        m = re.match(r"^\s+[0-9a-f]+:\s+(.*)$", line)
        if name is None or not m:
            continue
        ins = re.sub(r"-?0x[0-9a-f]+\(%rip\)", "RIP", m.group(1))
        ins = re.sub(r"\b[0-9a-f]{4,}\b", "ADDR", ins)
        ins = re.sub(r"<[^>]*>", "<SYM>", ins)
        out[name].append(re.sub(r"#.*", "", ins).strip())
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "--list"]
    if len(args) < 2:
        sys.exit(__doc__)
    base, new = functions(args[0]), functions(args[1])
    pattern = re.compile(args[2]) if len(args) > 2 else None
    names = [k for k in base if k in new and (pattern is None or pattern.search(k))]
    differ = [k for k in names if base[k] != new[k]]
    print(f"asm_diff: {len(names)} functions in both builds, {len(names) - len(differ)} identical, {len(differ)} different")
    for k in differ if ("--list" in sys.argv or len(differ) <= 60) else differ[:60]:
        print(f"  {k} ({len(base[k])} -> {len(new[k])} instructions)")


if __name__ == "__main__":
    main()
