#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What the compiler made of device code: an opcode histogram (and optionally the listing) of every kernel in a
binary or cubin, from cuobjdump -sass. The development machine's CUDA toolkit has no cuobjdump; this script
fetches NVIDIA's own from PyPI (the nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm wheels, which cuobjdump -sass
needs together) into .cache/cuobjdump the first time.

    python3 scripts/sass.py build-gpu/bin/warpnum-bench [--kernel REGEX] [--listing]

Example: the instruction mix of the 4096-bit paired-column kernel of the benchmark driver:
    python3 scripts/sass.py build-gpu/bin/warpnum-bench --kernel 'compute_lanesILm4096ELj16ELNS1_5LanesE1ELi1E'
"""
import argparse
import collections
import os
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "cuobjdump"


def cuobjdump():
    """The cuobjdump to run and the environment to run it in (nvdisasm on its PATH)."""
    env = dict(os.environ)
    found = shutil.which("cuobjdump")
    if found and shutil.which("nvdisasm"):
        return found, env
    tools = [next(CACHE.glob(f"**/bin/{t}"), None) for t in ("cuobjdump", "nvdisasm")]
    if None in tools:
        CACHE.mkdir(parents=True, exist_ok=True)
        print("sass: fetching cuobjdump and nvdisasm (pip download) into", CACHE, file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(CACHE), "nvidia-cuda-cuobjdump",
                        "nvidia-cuda-nvdisasm"], check=True, stdout=subprocess.DEVNULL)
        for wheel in CACHE.glob("*.whl"):
            zipfile.ZipFile(wheel).extractall(CACHE)
        tools = [next(CACHE.glob(f"**/bin/{t}"), None) for t in ("cuobjdump", "nvdisasm")]
        if None in tools:
            sys.exit("sass: no cuobjdump or nvdisasm in the wheels; install the CUDA toolkit's instead")
    for t in tools:
        t.chmod(0o755)
    env["PATH"] = f"{tools[1].parent}{os.pathsep}{env.get('PATH', '')}"
    return str(tools[0]), env


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--kernel", default=".", help="regular expression over the mangled kernel names")
    ap.add_argument("--listing", action="store_true", help="print the instructions too")
    args = ap.parse_args()
    exe, env = cuobjdump()
    text = subprocess.run([exe, "-sass", args.binary], check=True, capture_output=True, text=True, env=env).stdout
    pattern = re.compile(args.kernel)
    name, counts, listing = None, collections.defaultdict(collections.Counter), collections.defaultdict(list)
    for line in text.splitlines():
        m = re.search(r"Function : (\S+)", line)
        if m:
            name = m.group(1) if pattern.search(m.group(1)) else None
            continue
        m = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
        if m and name:
            instruction = m.group(2)
            counts[name][re.sub(r"^@!?U?P[0-9T]+\s+", "", instruction).split()[0]] += 1
            listing[name].append(f"{m.group(1)}  {instruction}")
    for kernel, c in counts.items():
        print(f"{kernel}: {sum(c.values())} instructions")
        print("  " + ", ".join(f"{op} {n}" for op, n in c.most_common()))
        if args.listing:
            print("\n".join("    " + line for line in listing[kernel]))


if __name__ == "__main__":
    main()
