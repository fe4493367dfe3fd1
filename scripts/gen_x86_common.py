# SPDX-License-Identifier: Apache-2.0
"""What scripts/gen_mont_4_x86.py and scripts/gen_mul_low_x86.py share: the asm statement's text from a list of
instructions, and writing the header (or, with --check, comparing it with the file)."""
import pathlib
import sys


def asm_body(lines):
    """The instructions as C string literals, one a line, joined by newline-tab (the last without)."""
    return "\n".join(f'      "{line}\\n\\t"' for line in lines[:-1]) + f'\n      "{lines[-1]}"'


def write_or_check(out: pathlib.Path, text: str, script: str) -> int:
    """Writes text to out; with --check on the command line, returns 1 if out differs from text instead."""
    if "--check" in sys.argv[1:]:
        if not out.exists() or out.read_text() != text:
            print(f"{out} is not what {script} writes: run python3 {script}")
            return 1
        return 0
    out.write_text(text)
    return 0
