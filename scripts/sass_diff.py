#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Which kernels of two builds of one program have the same machine code: cuobjdump -sass of both, kernel by kernel.
A change that leaves a kernel's SASS unchanged cannot change its speed or its results on the GPU; the kernels that
differ are the ones to measure. Names are compared after dropping what a rebuild renames without changing code
(the hash of an unnamed namespace, which follows the file's path).

    python3 scripts/sass_diff.py BASE_BINARY NEW_BINARY [--list]

Prints how many kernels are identical, how many differ (and which, with --list or when few), and which exist in one
build only; exit 0 whatever the result (this is a report, not a test).
"""
import re
import subprocess
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from sass import cuobjdump  # noqa: E402  (the toolkit's, or NVIDIA's from PyPI)

ADDRESS = re.compile(r"/\*[0-9a-f]{4,}\*/")
UNNAMED = re.compile(r"_GLOBAL__N__[0-9a-f]{8}_")


def kernels(binary):
    """{normalised kernel name: [instructions]} of every sm_ cubin in the binary."""
    exe, env = cuobjdump()
    text = subprocess.run([exe, "-sass", binary], env=env, capture_output=True, text=True, check=True).stdout
    out, name = {}, None
    for line in text.splitlines():
        m = re.match(r"\s+Function : (\S+)", line)
        if m:
            name = UNNAMED.sub("_GLOBAL__N__hash_", m.group(1))
            out[name] = []
            continue
        if name is None or "/*" not in line:
            continue
        body = ADDRESS.sub("", line).split(";")[0].strip()
        if body:
            out[name].append(body)
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base, new = kernels(sys.argv[1]), kernels(sys.argv[2])
    same = [k for k in base if k in new and base[k] == new[k]]
    differ = [k for k in base if k in new and base[k] != new[k]]
    only_base = [k for k in base if k not in new]
    only_new = [k for k in new if k not in base]
    print(f"sass_diff: {len(base)} kernels in the base build, {len(new)} in the new one")
    print(f"  identical machine code: {len(same)}")
    print(f"  different machine code: {len(differ)}")
    print(f"  only in the base build: {len(only_base)}; only in the new build: {len(only_new)}")
    show = "--list" in sys.argv
    for title, names in (("different", differ), ("only in base", only_base), ("only in new", only_new)):
        if names and (show or len(names) <= 40):
            print(f"{title}:")
            for k in sorted(names):
                extra = f" ({len(base[k])} -> {len(new[k])} instructions)" if k in base and k in new else ""
                print(f"  {k}{extra}")


if __name__ == "__main__":
    main()
