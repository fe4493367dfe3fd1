#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Test of scripts/check_ptx_asm.py without nvcc: on early_clobber_sample.ptx it must flag the one chain whose input
shares an output's register and nothing else, and the operand rules (destinations, vectors, predicate pairs,
guards, stores, the block's own registers) must hold on small blocks.
Run: check_ptx_asm_test.py <path of scripts/check_ptx_asm.py>; prints "ok" or fails an assert."""
import contextlib
import importlib.util
import io
import pathlib
import sys
import tempfile

spec = importlib.util.spec_from_file_location("check_ptx_asm", sys.argv[1])
checker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checker)
sample = pathlib.Path(__file__).resolve().with_name("early_clobber_sample.ptx")

# The sample: three blocks, the first flagged for %r3 (written by its instruction 1, read by its instruction 2).
blocks = list(checker.scan(sample))
assert len(blocks) == 3, f"{len(blocks)} blocks found in the sample, not 3"
flagged = [(line, function, found) for line, function, _, _, found in blocks if found]
assert flagged == [(21, "_Z14column_aliasedj", [("%r3", 0, 1)])], flagged
assert [len(instructions) for _, _, _, instructions, _ in blocks] == [3, 3, 7]
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = checker.main([str(sample)])
assert status == 1, status
assert "1 PTX files, 3 inline asm blocks, 1 reading" in out.getvalue(), out.getvalue()
assert "%r3 is written by instruction 1" in out.getvalue(), out.getvalue()


def found(text):
    return [name for name, _, _ in checker.hazards(checker.parse_block(text))]


# An in/out operand read and written by one instruction is fine; a later read of what it wrote is not.
assert found("mad.lo.cc.u32 %r1, %r2, %r3, %r1;madc.hi.cc.u32 %r4, %r2, %r3, %r4;") == []
assert found("mad.lo.cc.u32 %r1, %r2, %r1, %r1;madc.hi.cc.u32 %r4, %r2, %r1, %r4;") == ["%r1"]
# Every element of a vector destination, and both predicates of a pair, are written.
assert found("mov.b64 {%r1, %r2}, %rd1; add.u32 %r3, %r2, 1;") == ["%r2"]
assert found("setp.eq.u32 %p1|%p2, %r1, 0;\n@!%p2 add.u32 %r3, %r4, 1;") == ["%p2"]
# A store writes memory, not its address or value registers; a load's address register is read.
assert found("st.global.u32 [%rd1], %r1; ld.global.u32 %r2, [%rd1+4]; add.u32 %r3, %r1, %r2;") == ["%r2"]
# The block's own registers, counted ones (t<2>: t0, t1) included, are not operands of the asm statement.
assert found("{ .reg .u32 t<2>; .reg .pred p; add.cc.u32 t0, %r1, 1; addc.u32 t1, t0, 0;\n"
             "setp.ne.u32 p, t1, 0; @p add.u32 %r2, %r3, t1; }") == []
assert found("{ .reg .u32 %t; add.u32 %t, %r1, 1; add.u32 %r2, %t, %r1; }") == []

# A file that is not there, and PTX without inline asm when blocks are required, are errors, not passes.
with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stdout(io.StringIO()), \
        contextlib.redirect_stderr(io.StringIO()):
    plain = pathlib.Path(folder) / "plain.ptx"
    plain.write_text(".version 8.0\n.target sm_80\n.address_size 64\n")
    assert checker.main([str(plain)]) == 0
    assert checker.main(["--require-blocks", str(plain)]) == 2
    assert checker.main(["--require-blocks", folder]) == 2
    assert checker.main([str(pathlib.Path(folder) / "missing.ptx")]) == 2
# --asm-module: every distinct block once (register numbers aside), its registers declared with the files' types,
# the files' .version and .target; files of two targets are bad input.
with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stderr(io.StringIO()):
    def ptx(name, body, target="sm_80"):
        path = pathlib.Path(folder) / name
        path.write_text(f".version 8.0\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n"
                        "\t.reg .pred %p<3>;\n\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<4>;\n"
                        f"\t// begin inline asm\n\t{body}\n\t// end inline asm\n}}\n")
        return str(path)
    wide = ptx("wide.ptx", "mad.lo.cc.u32 %r1, %r2, %r3, %r1;\n\taddc.u32 %r4, %r4, 0;")
    same = ptx("same.ptx", "mad.lo.cc.u32 %r5, %r6, %r7, %r5;\n\taddc.u32 %r8, %r8, 0;")
    load = ptx("load.ptx", "ld.global.nc.v2.u64 {%rd1, %rd2}, [%rd3];\n\tmov.u64 %rd1, %clock64;")
    module = pathlib.Path(folder) / "module" / "asm.ptx"
    module.parent.mkdir()
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert checker.main(["--asm-module", str(module), wide, same, load]) == 0
    assert "3 PTX files, 2 distinct inline asm blocks written" in out.getvalue(), out.getvalue()
    text = module.read_text()
    assert text.startswith(".version 8.0\n.target sm_80\n.address_size 64\n"), text
    assert "\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;\n" in text, text  # not %clock64, nor %p (unused)
    assert text.count("addc.u32") == 1 and "// wide.ptx:9" in text and "ld.global.nc.v2.u64" in text, text
    # Files of two targets, and no inline asm where blocks are required, are bad input.
    with contextlib.redirect_stdout(io.StringIO()):
        other = ptx("other.ptx", "add.u32 %r1, %r2, 1;", target="sm_90")
        assert checker.main(["--asm-module", str(module), wide, other]) == 2
        plain = pathlib.Path(folder) / "plain.ptx"
        plain.write_text(".version 8.0\n.target sm_80\n.address_size 64\n")
        assert checker.main(["--require-blocks", "--asm-module", str(module), str(plain)]) == 2
print("ok")
