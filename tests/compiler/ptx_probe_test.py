#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Test of tests/compiler/ptx_probe.py without a GPU or nvcc: probes tests/ptx/f5_chunk_sum.ptx (the F5 loop) in
both of its kernels, once per chunk and after the loop, and checks the cases file that sass_check would read: the
PTX's results (the sums), the probe area's layout, every chunk's length and offset in its own copy, 0xa5 in copies
of chunks that do not exist, and the mask. Prints "ok" or fails an assert."""
import pathlib
import shutil
import struct
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import ptx_probe  # noqa: E402

SOURCE = HERE.parent / "ptx" / "f5_chunk_sum.ptx"


def chunk_sum(count):
    total, first = 0, 0
    while True:  # the PTX's do-while
        total += min(count - first, 32) * 1000 + first
        first += 32
        if first >= count:
            return total


def line_of(text, needle):
    """The 1-based number of the line holding needle (the first)."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def main():
    counts = [3, 40, 70, 1]
    text = SOURCE.read_text(encoding="utf-8")
    inner = line_of(text, "add.s32 \t%r2, %r2, 32;")  # before first += 32: %r5 is this chunk's length
    after = line_of(text, "st.param.b32 \t[func_retval0+0], %r3;")
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        shutil.copy(SOURCE, folder / "chunk.ptx")
        for entry, tag in (("chunk_loaded", "l"), ("chunk_constant", "c")):
            sums = [chunk_sum(c if entry == "chunk_loaded" else 3) for c in counts]
            with open(folder / "chunk.cases", "wb") as f:  # as sass_cases.py writes them: input, PTX, host
                f.write(b"WNCASES1" + struct.pack("<4I", len(counts), 1, 8, 8) + b"\0")
                for c, s in zip(counts, sums):
                    out = struct.pack("<iI", s, 0)
                    f.write(struct.pack("<iI", c, 0) + out + out)
            assert ptx_probe.main([str(folder), "--name", "chunk", "--tag", tag, "--entry", entry, "--variants",
                                   "--probe", f"{inner}@%r2/32<4:%r5,%r2", f"{after}:%r3"]) == 0
            data = (folder / f"chunk-{tag}.cases").read_bytes()
            assert data[:8] == b"WNCASES2"
            count, op_size, in_size, out_size, area = struct.unpack_from("<5I", data, 8)
            assert (count, op_size, in_size, out_size) == (len(counts), 1, 8, 8)
            assert area == 80, area  # 4 copies of 2 items and 1 item, 8 bytes each: 72, to 16
            layout = (folder / f"chunk-{tag}.probes").read_text().split("\n")
            assert layout[0] == f"0 8 {inner} %r5" and layout[1] == f"8 8 {inner} %r2", layout[:2]
            assert f"64 8 {after} %r3" in layout and f"16 8 {inner} %r5#1" in layout, layout
            probed = (folder / f"chunk-{tag}.ptx").read_text()
            assert "st.global.u64 [__probe_out], %pq_a;" in probed and probed.count("// probe area") == 2
            p = 28 + op_size
            for c, s in zip(counts, sums):
                ptx = data[p + in_size:p + in_size + out_size + area]
                host = data[p + in_size + out_size + area:p + in_size + 2 * (out_size + area)]
                p += in_size + 2 * (out_size + area)
                assert struct.unpack_from("<i", ptx, 0)[0] == s and host[:out_size] == ptx[:out_size]
                probe, mask = ptx[out_size:], host[out_size:]
                n = c if entry == "chunk_loaded" else 3
                chunks = max(1, (n + 31) // 32)
                for i in range(4):
                    length, first = struct.unpack_from("<i4xI", probe, 16 * i)  # each item in 8 bytes
                    if i < chunks:
                        assert (length, first) == (min(n - 32 * i, 32), 32 * i), (entry, c, i, length, first)
                    else:
                        assert probe[16 * i:16 * i + 16] == b"\xa5" * 16, (entry, c, i)
                assert struct.unpack_from("<i", probe, 64)[0] == s
                assert mask == b"\xff" * area  # every probe word defined
    print("ok")


if __name__ == "__main__":
    main()
