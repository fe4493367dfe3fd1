#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Tests mirror the headers: every header of include/warpnum that holds an algorithm has a test that names it.

A header include/warpnum/<dir>/<name>.hpp is covered by a test file under tests/host/, tests/device/ or
tests/mpi/ that is
 - named after it: <name>_test.cpp or <name>_test.cu (or <name>_<more>_test...) in a folder named like <dir>'s last
   part (detail/mpn/div.hpp: tests/host/mpn/div_test.cpp); for a header at the top of include/warpnum, such a test
   in any folder, or a folder of tests named after it (gmp.hpp: tests/host/gmp/), or
 - a test or suite whose opening comment (the lines before the first #include) names the header by its path below
   include/warpnum (a test of several headers lists them there: "warp/paired_column_mul.hpp").
Headers without an algorithm of their own (umbrellas, configuration, selection files, whose variants and operations
have their tests, generated files, which have their generated-* checks) are listed below with the reason.

    python3 tests/docs/check_test_mirror.py [ROOT]

Prints each header without a test and exits 1 if there is one.
"""
import pathlib
import re
import sys

# Headers that hold no algorithm of their own, each with why.
EXEMPT = {
    r"^(warpnum|bigint|modular|boost|batch|algorithm)\.hpp$": "an umbrella: includes the files that hold the code",
    r"^config\.hpp$": "macros and configuration",
    r"^detail/(target|host64|error_text)\.hpp$": "target tests and the host's word adapter, used by every operation",
    r"^detail/[a-z0-9_]+/select\.hpp$": "a selection file: its variants and its operations have the tests",
    r"^detail/ptx/(mad_row|add_chain)\.hpp$": "generated (scripts/gen_mad_row.py; ctest generated-mad_row)",
    r"^detail/gf2n/poly_table\.hpp$": "generated (scripts/gen_gf2n_poly_table.cpp; ctest generated-gf2n_poly_table)",
    r"^batch/(layout|strategy|memory)\.hpp$": "types and buffers of the batch layer, tested through batch_test",
    r"^batch/ops/(sink|views|functions)\.hpp$": "the expression nodes of Batch, tested through batch_test",
    r"^batch/(expression|dispatch/evaluate|dispatch/transform|kernel/evaluate)\.hpp$":
        "Batch's evaluation, tested through batch_test",
    r"^algorithm/(detail/callable|detail/check_range|execution_policy)\.hpp$": "helpers of the algorithms",
    r"^huge/(number_traits|integer_traits|async_integer_traits)\.hpp$":
        "traits that adapt a number type to the huge algorithms",
    r"^(status|format|mul_algorithm)\.hpp$": "enumerations and formatting options",
}


def opening_comment(path):
    lines = []
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith("#include"):
            break
        lines.append(line)
    return "\n".join(lines)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
    include = root / "include" / "warpnum"
    tests = [p for d in ("host", "device", "mpi") for p in (root / "tests" / d).rglob("*")
             if p.suffix in (".cpp", ".cu", ".hpp")]
    tests += list((root / "tests" / "cases").glob("*.hpp"))
    comments = {p: opening_comment(p) for p in tests}
    missing = []
    for header in sorted(include.rglob("*.hpp")):
        rel = header.relative_to(include).as_posix()
        if any(re.search(pattern, rel) for pattern in EXEMPT):
            continue
        stem = header.stem
        folder = header.parent.name
        top = folder == "warpnum"  # a header at the top: its own test folder, or a test named after it anywhere
        named = [p for p in tests if re.fullmatch(re.escape(stem) + r"(_[a-z0-9_]+)?_test", p.stem)
                 and (top or p.parent.name == folder)]
        named += [p for p in tests if top and p.parent.name == stem]
        mentioned = [p for p, text in comments.items()
                     if re.search(r"(?<![\w])(warpnum/)?" + re.escape(rel) + r"\b", text)]
        if not named and not mentioned:
            missing.append(rel)
    for rel in missing:
        print(f"check_test_mirror: no test names include/warpnum/{rel} (a <name>_test file in a folder named like its "
              "own, or its path in a test's opening comment)")
    print(f"check_test_mirror: {len(missing)} header(s) without a test")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
