#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Test of scripts/ptx_interpreter.py without nvcc.

It runs the checked-in PTX of tests/ptx/interp_*.cu (made by nvcc 13.0: nvcc -std=c++20 -O2 -arch=sm_90 -ptx) one
thread per input and compares every result with what the .cu source means, computed here in Python: carry chains
(interp_carry), calls with structs, recursion, local arrays and a loop (interp_calls), shifts, division and bit
operations (interp_ops). Small PTX texts below check single instructions (clamped shifts, the borrow of sub.cc,
bfe/bfi/prmt, setp with a predicate operand, vote/shfl of one thread, cvt) and the errors: reads of memory never
written, of registers never written, division by zero, and instructions that are not implemented.
Run: ptx_interpreter_test.py <path of scripts/ptx_interpreter.py>; prints "ok" or fails an assert."""
import importlib.util
import pathlib
import random
import struct
import sys
import time

spec = importlib.util.spec_from_file_location("ptx_interpreter", sys.argv[1])
pi = importlib.util.module_from_spec(spec)
sys.modules["ptx_interpreter"] = pi
spec.loader.exec_module(pi)
HERE = pathlib.Path(__file__).resolve().parent
M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s64(v):
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def limbs(words):
    return sum(w << (32 * k) for k, w in enumerate(words))


def words(value, count):
    return [(value >> (32 * k)) & M32 for k in range(count)]


def run_threads(module, params_of, n, gm, block=4):
    """Runs threads 0..n-1 in blocks of `block` (so that blockIdx and threadIdx both take part)."""
    total = 0
    entry = module.entries()[0]
    for i in range(n):
        stats = module.run(entry, params_of(i), gm, tid=(i % block, 0, 0), ntid=(block, 1, 1),
                           ctaid=(i // block, 0, 0), nctaid=((n + block - 1) // block, 1, 1))
        total += stats.instructions
    return total


# ---------------------------------------------------------------------------------------------------------------
# interp_carry: 256-bit add and subtract chains, a 128 x 128 product by mad chains, the other carry forms

def expected_carry(x):
    a, b = x[:8], x[8:]
    A, B = limbs(a), limbs(b)
    out = words(A + B, 8) + [(A + B) >> 256]
    out += words((A - B) % (1 << 256), 8) + [M32 if A < B else 0]
    out += words((A % (1 << 128)) * (B % (1 << 128)), 8)
    t = (a[0] * b[0] >> 32) + a[1]
    misc = [t & M32, t >> 32]
    c = (a[2] + b[2]) >> 32
    misc += [((a[3] * b[3] & M32) + a[4] + c) & M32, ((a[3] * b[3] >> 32) + a[4] + c) & M32]
    borrow = int(a[5] < b[5])
    misc += [(a[6] - b[6] - borrow) & M32, -borrow & M32]
    c7 = (a[7] + b[7]) >> 32
    t = (a[0] * b[1] & M32) + a[2] + c7
    misc += [t & M32, t >> 32]
    return out + misc


def test_carry():
    module = pi.Module.from_file(HERE / "interp_carry.ptx")
    rng = random.Random(1)
    inputs = [[M32] * 16, [0] * 16, [M32] * 8 + [1] + [0] * 7, [0] * 8 + [1] + [0] * 7, [M32] * 8 + [0] * 8]
    inputs += [[rng.getrandbits(32) for _ in range(16)] for _ in range(27)]
    inputs += [[rng.choice([0, 1, M32, M32 - 1, 1 << 31]) for _ in range(16)] for _ in range(8)]
    n = len(inputs)
    gm = pi.GlobalMemory()
    a_in = gm.alloc(64 * n)
    gm.write(a_in, b"".join(struct.pack("<16I", *x) for x in inputs))
    a_out = gm.alloc(136 * n)
    run_threads(module, lambda i: [a_in, a_out, n], n, gm)
    for i, x in enumerate(inputs):
        got = list(struct.unpack("<34I", gm.read(a_out + 136 * i, 136)))
        want = expected_carry(x)
        assert got == want, f"interp_carry input {i}: words {[k for k in range(34) if got[k] != want[k]]} differ"
    return n


# ---------------------------------------------------------------------------------------------------------------
# interp_calls: struct parameters and results, recursion over a caller's local array, run-time indices, a loop

def fold(v, n):
    if n == 1:
        return v[0]
    return (fold(v, n // 2) * 31 + fold(v[n // 2:], n - n // 2)) & M32


def expected_calls(x, k, mul, i):
    kk = (k + i) & M32
    out = [(x[j] * kk + x[8 + (j + kk) % 8]) & M32 for j in range(8)]
    buf = [x[j] ^ (j * 0x01010101) for j in range(16)]
    buf[x[0] & 15] = (buf[x[0] & 15] + mul) & M32
    out.append(buf[x[1] & 15])
    out.append(fold(buf, 3 + x[2] % 14))
    v = ((x[3] << 32 | x[4]) % 1000003) + 1
    steps = 0
    while v != 1 and steps < 1000:
        v = 3 * v + 1 if v & 1 else v // 2
        steps += 1
    out.append(steps)
    out.append(((mul >> 32) * i) & M32)
    return out


def test_calls():
    module = pi.Module.from_file(HERE / "interp_calls.ptx")
    (param,) = module.entry_params(module.entries()[0])
    assert (param.size, param.align) == (40, 8), param
    rng = random.Random(2)
    n = 24
    inputs = [[rng.getrandbits(32) for _ in range(16)] for _ in range(n)]
    gm = pi.GlobalMemory()
    a_in = gm.alloc(64 * n)
    gm.write(a_in, b"".join(struct.pack("<16I", *x) for x in inputs))
    a_out = gm.alloc(80 * n)
    k, mul = 0x9e3779b9, 0x0123456789abcdef
    params = struct.pack("<IIQQQi4x", k, 0, mul, a_in, a_out, n)  # struct Params, by value
    run_threads(module, lambda i: params, n, gm, block=8)
    for i, x in enumerate(inputs):
        got = list(struct.unpack("<12I", gm.read(a_out + 80 * i, 48)))
        want = expected_calls(x, k, mul, i)
        assert got == want, f"interp_calls input {i}: words {[j for j in range(12) if got[j] != want[j]]} differ"
    # The trace hook sees every call with its argument and result bytes; the callee can be rerun alone.
    recorder = pi.CallRecorder(snapshots=True)
    stats = module.run(module.entries()[0], params, gm, tid=(3, 0, 0), ntid=(8, 1, 1), trace=recorder)
    mixes = [c for c in recorder.calls if c.function == "_Z3mix4U256S_j"]
    folds = [c for c in recorder.calls if c.function == "_Z4foldPKji"]
    assert len(mixes) == 1 and stats.calls == len(recorder.calls) == 1 + len(folds), (stats, len(recorder.calls))
    x = inputs[3]
    assert mixes[0].args[0] == struct.pack("<8I", *x[:8]) and mixes[0].args[1] == struct.pack("<8I", *x[8:])
    assert mixes[0].retval == struct.pack("<8I", *expected_calls(x, k, mul, 3)[:8])
    top = folds[0]
    assert struct.unpack("<I", top.retval)[0] == expected_calls(x, k, mul, 3)[9]
    # The outermost fold again, alone, from the memory at its call (its argument points into the kernel's frame).
    retval, _ = module.call("_Z4foldPKji", top.args, gm, memory=top.memory)
    assert retval == top.retval, (retval, top.retval)
    return n


# ---------------------------------------------------------------------------------------------------------------
# interp_ops: shifts, funnel shifts, division, bit operations, conversions, predicates

def bfe(a, pos, length, signed, w=32):
    pos, length = pos & 0xff, length & 0xff
    sbit = (a >> min(pos + length - 1, w - 1)) & 1 if signed and length else 0
    d = 0
    for i in range(w):
        d |= (((a >> (pos + i)) & 1) if i < length and pos + i < w else sbit) << i
    return d


def expected_ops(v):
    a, b, x, y, s, sh = v
    ss = s32(s)
    o = [0] * 48
    o[0] = (a << (sh & 31)) & M32
    o[1] = a >> (sh & 31)
    o[2] = (x << (sh & 63)) & M64
    o[3] = x >> (sh & 63)
    o[4] = (s64(x) >> (sh & 63)) & M64
    o[5] = (ss >> (sh & 31)) & M32
    o[6] = (a << sh) & M32 if sh < 32 else 0
    o[7] = a >> sh
    o[8] = (ss >> min(sh, 31)) & M32
    o[9] = (x << sh) & M64 if sh < 64 else 0
    pair = b << 32 | a
    o[10] = (pair << (sh & 31) >> 32) & M32
    o[11] = (pair << min(sh, 32) >> 32) & M32
    o[12] = (pair >> (sh & 31)) & M32
    o[13] = (pair >> min(sh, 32)) & M32
    y1 = y | 1
    o[14], o[15] = x // y1, x % y1
    q = abs(s64(x)) // abs(s64(y1)) * (-1 if (s64(x) < 0) != (s64(y1) < 0) else 1)
    o[16], o[17] = q & M64, (s64(x) - q * s64(y1)) & M64
    b1 = b | 1
    o[18], o[19] = a // b1, a % b1
    q = abs(ss) // abs(s32(b1)) * (-1 if (ss < 0) != (s32(b1) < 0) else 1)
    o[20], o[21] = q & M32, (ss - q * s32(b1)) & M32
    o[22] = 32 - a.bit_length()
    o[23] = bin(a).count("1")
    o[24] = int(format(a, "032b")[::-1], 2)
    o[25] = (a & -a).bit_length()
    o[26] = 64 - x.bit_length()
    o[27] = bin(x).count("1")
    sel = (sh * 0x1234) & M32
    src = (b << 32 | a).to_bytes(8, "little")
    o[28] = int.from_bytes(bytes(src[(sel >> (4 * i)) & 7] for i in range(4)), "little")
    o[29] = a * b >> 32
    o[30] = x * y >> 64
    o[31] = a * b
    o[32] = (ss * s32(b)) & M64
    o[33] = (min(ss, s32(b)) & M32) | max(a, b) << 32
    o[34] = abs(ss) & M32
    o[35] = (((a & 0xff) ^ 0x80) - 0x80) & M32
    o[36] = (((b & 0xffff) ^ 0x8000) - 0x8000) & M32
    o[37] = ss & M64
    o[38] = bfe(a, sh & 31, b & 31, False)
    o[39] = bfe(a, sh & 31, b & 31, True)
    pos, length = sh & 31, (sh >> 2) & 31
    f = b
    for i in range(length):
        if pos + i < 32:
            f = (f & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i))
    o[40] = f
    o[41] = (a & b).bit_length() - 1 & M32
    flags = (a > b) | (ss < 0) << 1 | (s32(a) < ss) << 2 | (x >= y) << 3 | (s64(x) <= s64(y)) << 4
    flags |= (bool(a & 1) and not (b & 2)) << 5 | ((a > b) != (ss < 0)) << 6
    o[42] = flags
    o[43] = (abs(s32(a) - s32(b)) + sh) & M32
    o[44] = ((ss * s32(a)) >> 32) & M64
    o[45] = ((s64(x) * s64(y)) >> 64) & M64
    o[46] = (a & 0xffff) * ((b >> 16) & 0xffff)
    o[47] = (((a ^ ~b) & M32) + (x ^ (y >> 3))) & M64
    return o


def test_ops():
    module = pi.Module.from_file(HERE / "interp_ops.ptx")
    rng = random.Random(3)
    shifts = [0, 1, 5, 16, 31, 32, 33, 47, 63, 64, 65, 80]
    inputs = []
    for i in range(48):
        a, b = rng.getrandbits(32), rng.getrandbits(32)
        if i % 4 == 0:  # small operands: the 32-bit path of the 64-bit division
            x, y = rng.getrandbits(31), rng.getrandbits(20)
        else:
            x, y = rng.getrandbits(64), rng.getrandbits(rng.choice([8, 33, 64]))
        s = rng.getrandbits(32)
        if i % 6 == 1:
            a, b, s = 0, b, 0
        if s == 0x80000000 and (b | 1) == M32:
            s = 5
        inputs.append((a, b, x, y, s, shifts[i % len(shifts)] if i < 36 else rng.randrange(81)))
    n = len(inputs)
    gm = pi.GlobalMemory()
    a_in = gm.alloc(32 * n)
    gm.write(a_in, b"".join(struct.pack("<IIQQiI", a, b, x, y, s32(s), sh) for a, b, x, y, s, sh in inputs))
    a_out = gm.alloc(8 * 48 * n)
    run_threads(module, lambda i: [a_in, a_out, n], n, gm)
    for i, v in enumerate(inputs):
        got = list(struct.unpack("<48Q", gm.read(a_out + 384 * i, 384)))
        want = expected_ops(v)
        bad = [k for k in range(48) if got[k] != want[k]]
        assert not bad, f"interp_ops input {i} {v}: o{bad[0]} = {got[bad[0]]:#x}, expected {want[bad[0]]:#x}"
    return n


# ---------------------------------------------------------------------------------------------------------------
# Small PTX texts: single instructions and the errors

HEADER = """// SPDX-License-Identifier: Apache-2.0
.version 9.0
.target sm_90
.address_size 64
"""


def single(body, regs=".reg .b32 %r<20>; .reg .b64 %rd<10>; .reg .pred %p<8>; .reg .b16 %rs<8>;", results=8,
           extra=""):
    """A kernel k(u64 out, u32 a, u32 b, u32 c) running body, then storing %r10..%r(10+results-1) to out."""
    stores = "\n".join(f"st.global.u32 [%rd1+{4 * k}], %r{10 + k};" for k in range(results))
    return HEADER + extra + f""".visible .entry k(.param .u64 k_out, .param .u32 k_a, .param .u32 k_b, .param .u32 k_c)
{{
  {regs}
  ld.param.u64 %rd1, [k_out];
  ld.param.u32 %r1, [k_a];
  ld.param.u32 %r2, [k_b];
  ld.param.u32 %r3, [k_c];
  {body}
  {stores}
  ret;
}}
"""


def run_single(text, a=0, b=0, c=0, results=8, **kw):
    module = pi.Module(text)
    gm = pi.GlobalMemory()
    out = gm.alloc(4 * results)
    stats = module.run("k", [out, a, b, c], gm, **kw)
    return list(struct.unpack(f"<{results}I", gm.read(out, 4 * results))), stats


def expect_error(cls, text, fragment, **kw):
    try:
        run_single(text, **kw)
    except cls as e:
        assert fragment in str(e), f"{cls.__name__} without {fragment!r}: {e}"
        return e
    raise AssertionError(f"no {cls.__name__} (expected one mentioning {fragment!r})")


def test_single_instructions():
    # Clamped shifts: a shift amount of the width or more gives 0 (shl, shr.u) or the sign (shr.s).
    body = """shl.b32 %r10, %r1, %r2; shr.u32 %r11, %r1, %r2; shr.s32 %r12, %r1, %r2;
              shf.l.clamp.b32 %r13, %r1, %r3, %r2; shf.r.clamp.b32 %r14, %r3, %r1, %r2;
              shf.l.wrap.b32 %r15, %r1, %r3, %r2; shf.r.wrap.b32 %r16, %r3, %r1, %r2;
              cvt.u64.u32 %rd2, %r1; shl.b64 %rd3, %rd2, %r2; cvt.u32.u64 %r17, %rd3;"""
    for sh in (0, 7, 31, 32, 33, 64, 1000, M32):
        got, _ = run_single(single(body), a=0x80000001, b=sh, c=0x12345678)
        pair_l, pair_r = 0x12345678 << 32 | 0x80000001, 0x80000001 << 32 | 0x12345678
        want = [(0x80000001 << sh) & M32 if sh < 32 else 0, 0x80000001 >> sh if sh < 32 else 0,
                (s32(0x80000001) >> min(sh, 31)) & M32, (pair_l << min(sh, 32) >> 32) & M32,
                (pair_r >> min(sh, 32)) & M32, (pair_l << (sh & 31) >> 32) & M32, (pair_r >> (sh & 31)) & M32,
                (0x80000001 << sh) & M32 if sh < 64 else 0]
        assert got == want, (sh, [hex(g) for g in got], [hex(w) for w in want])
    # The carry flag: sub.cc sets the borrow; addc and subc read it; mad.hi.cc.
    body = """sub.cc.u32 %r10, %r1, %r2; subc.u32 %r11, 0, 0; sub.cc.u32 %r4, %r1, %r2; addc.u32 %r12, 0, 0;
              add.cc.u32 %r4, %r1, %r2; addc.cc.u32 %r13, %r3, 0; addc.u32 %r14, 0, 0;
              mad.lo.cc.u32 %r15, %r1, %r2, %r3; madc.hi.cc.u32 %r16, %r1, %r2, %r3; addc.u32 %r17, 0, 0;"""
    for a, b, c in ((5, 7, M32), (7, 5, 0), (M32, M32, M32), (0, 0, 0), (M32, 1, M32 - 1)):
        got, _ = run_single(single(body), a, b, c)
        borrow = int(a < b)
        c1 = (a + b) >> 32
        t = (a * b & M32) + c
        t2 = (a * b >> 32) + c + (t >> 32)
        want = [(a - b) & M32, -borrow & M32, borrow, (c + c1) & M32, (c + c1) >> 32, t & M32, t2 & M32, t2 >> 32]
        assert got == want, ((a, b, c), got, want)
    # bfe / bfi / prmt (every mode) / bfind / setp with a predicate operand / selp / vote and shfl of one thread.
    body = """bfe.u32 %r10, %r1, %r2, %r3; bfe.s32 %r11, %r1, %r2, %r3; bfi.b32 %r12, %r1, %r3, %r2, 12;
              prmt.b32 %r13, %r1, %r3, 0x5e1b; prmt.b32.f4e %r14, %r1, %r3, %r2; prmt.b32.b4e %r15, %r1, %r3, %r2;
              bfind.s32 %r16, %r1; setp.lt.u32 %p1, %r1, %r3; setp.ne.and.s32 %p2|%p3, %r2, 0, %p1;
              selp.b32 %r4, 1, 0, %p2; selp.b32 %r5, 2, 0, %p3; or.b32 %r17, %r4, %r5;
              vote.sync.ballot.b32 %r6, %p1, -1; shfl.sync.idx.b32 %r7|%p4, %r1, 0, 31, -1;
              xor.b32 %r8, %r7, %r1; add.s32 %r17, %r17, %r8; selp.b32 %r9, 4, 0, %p4; add.s32 %r17, %r17, %r9;
              add.s32 %r17, %r17, %r6;"""
    for a, b, c in ((0x87654321, 4, 8), (0xf0f0f0f0, 30, 5), (0x7fffffff, 0, 0), (0xfffffffe, 2, 300)):
        got, _ = run_single(single(body), a, b, c)
        src = (c << 32 | a).to_bytes(8, "little")

        def perm(sel):
            out = 0
            for i in range(4):
                nib = (sel >> (4 * i)) & 0xf
                byte = src[nib & 7]
                out |= ((0xff if byte & 0x80 else 0) if nib & 8 else byte) << (8 * i)
            return out

        f = c
        for i in range(12):
            if b + i < 32:
                f = (f & ~(1 << (b + i))) | (((a >> i) & 1) << (b + i))
        f4e = [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]][b & 3]
        b4e = [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]][b & 3]
        p1 = a < c
        p2 = (b != 0) and p1
        p3 = (b == 0) and p1
        sa = s32(a)
        want = [bfe(a, b, c, False), bfe(a, b, c, True), f, perm(0x5e1b),
                int.from_bytes(bytes(src[i] for i in f4e), "little"),
                int.from_bytes(bytes(src[i] for i in b4e), "little"),
                ((sa if sa >= 0 else ~sa).bit_length() - 1) & M32, (int(p2) + 2 * int(p3) + 4 + int(p1)) & M32]
        assert got == want, ((a, b, c), [hex(g) for g in got], [hex(w) for w in want])
    # cvt with sign extension and saturation, 16-bit registers, mul.wide, div/rem of signed values.
    body = """cvt.u16.u32 %rs1, %r1; cvt.s32.s16 %r10, %rs1; cvt.s32.s8 %r11, %r1; cvt.sat.u8.s32 %r12, %r1;
              cvt.sat.s16.s32 %rs2, %r1; cvt.s32.s16 %r13, %rs2; mul.wide.s32 %rd2, %r1, %r2;
              mov.b64 {%r14, %r15}, %rd2; div.s32 %r16, %r1, %r2; rem.s32 %r17, %r1, %r2;"""
    for a, b in ((0xffff8001, 7), (0x00012345, M32 - 2), (0x7fff, 3), (0xffffff80, 1)):
        got, _ = run_single(single(body), a, b)
        sa, sb = s32(a), s32(b)
        q = abs(sa) // abs(sb) * (-1 if (sa < 0) != (sb < 0) else 1)
        prod = (sa * sb) & M64
        want = [s32(((a & 0xffff) ^ 0x8000) - 0x8000) & M32, (((a & 0xff) ^ 0x80) - 0x80) & M32,
                min(max(sa, 0), 255), min(max(sa, -32768), 32767) & M32, prod & M32, prod >> 32, q & M32,
                (sa - q * sb) & M32]
        assert got == want, ((a, b), [hex(g) for g in got], [hex(w) for w in want])
    # Module variables: a .global array with an initialiser, a .const one, addresses by mov and cvta.
    extra = """.global .align 4 .u32 table[4] = {10, 20, 30, 40};
.const .align 4 .b8 bytes[6] = {1, 2, 3, 4, 5, 6};
.shared .align 4 .u32 sh[2];
"""
    body = """mov.u64 %rd2, table; cvta.global.u64 %rd3, %rd2; ld.u32 %r10, [%rd3+8]; ld.global.u32 %r11, [table+12];
              mov.u64 %rd4, bytes; ld.const.u32 %r12, [%rd4+2]; cvta.const.u64 %rd5, %rd4; ld.u8 %r13, [%rd5+5];
              st.shared.u32 [sh+4], %r1; mov.u64 %rd6, sh; cvta.shared.u64 %rd7, %rd6; ld.u32 %r14, [%rd7+4];
              isspacep.shared %p1, %rd7; selp.u32 %r15, 1, 0, %p1; isspacep.global %p2, %rd3; selp.u32 %r16, 1, 0, %p2;
              st.global.u32 [table], %r2; ld.global.u32 %r17, [%rd2];"""
    got, _ = run_single(single(body, extra=extra), a=77, b=99)
    assert got == [30, 40, 0x06050403, 6, 77, 1, 1, 99], got


def test_errors():
    # A read of global memory that was allocated but never written.
    text = single("ld.global.u32 %r10, [%rd1+4];", results=1)
    e = expect_error(pi.UninitialisedRead, text, "never written")
    assert e.line is not None and "ld.global.u32 %r10, [%rd1+4]" in e.instruction, (e.line, e.instruction)
    # ... unless a fill byte is asked for.
    text = single("ld.global.u32 %r10, [%rd1+4]; st.global.u32 [%rd1+4], %r1;", results=1)
    got, _ = run_single(text, a=5, results=2, unwritten=0xab)
    assert got == [0xabababab, 5], got
    # A local slot never written, read through a generic address.
    text = single("""mov.u64 %SPL, __local_depot0; cvta.local.u64 %SP, %SPL; st.local.u32 [%SPL], %r1;
                     ld.u32 %r10, [%SP]; ld.u32 %r11, [%SP+4];""",
                  regs=".local .align 4 .b8 __local_depot0[8]; .reg .b64 %SP; .reg .b64 %SPL; .reg .b32 %r<20>; "
                       ".reg .b64 %rd<4>;", results=2)
    e = expect_error(pi.UninitialisedRead, text, "local address")
    assert "ld.u32 %r11, [%SP+4]" in e.instruction, e.instruction
    # unwritten="lazy": a vector load of which an element was never written gives an undefined value (None) that
    # moves and stores carry (leaving the bytes unwritten) and any other use raises for.
    regs = (".local .align 16 .b8 __local_depot0[32]; .reg .b64 %SP; .reg .b64 %SPL; .reg .b32 %r<30>; "
            ".reg .b64 %rd<4>;")
    prologue = "mov.u64 %SPL, __local_depot0; st.local.v2.u32 [%SPL], {%r1, %r2};"
    text = single(prologue + "ld.local.v4.u32 {%r10, %r11, %r20, %r21}, [%SPL]; mov.u32 %r22, %r20;"
                  "st.local.u32 [%SPL+16], %r22; ld.local.u32 %r12, [%SPL+16];", regs=regs, results=2)
    got, stats = run_single(text, a=4, b=5, results=2, unwritten="lazy")
    assert got == [4, 5] and stats.unwritten_reads == 2, (got, stats)
    expect_error(pi.UninitialisedRead, text, "never written", results=2)
    # Arithmetic on it gives an undefined value; storing that leaves the result unwritten.
    text = single(prologue + "ld.local.v4.u32 {%r10, %r11, %r20, %r21}, [%SPL]; add.cc.u32 %r12, %r20, 1;"
                  "addc.u32 %r13, 0, 0; add.s32 %r14, %r10, %r11;", regs=regs, results=5)
    module = pi.Module(text)
    gm = pi.GlobalMemory()
    out = gm.alloc(20)
    module.run("k", [out, 4, 5, 0], gm, unwritten="lazy")
    assert [gm.is_written(out + 4 * k, 4) for k in range(5)] == [True, True, False, False, True]
    assert gm.read(out + 16, 4) == (9).to_bytes(4, "little")
    # The same one instruction at a time (a tracer of every instruction).
    seen = []

    class Tracer:
        def on_instruction(self, function, line, text, registers):
            seen.append(text)

    gm2 = pi.GlobalMemory()
    out2 = gm2.alloc(20)
    stats = module.run("k", [out2, 4, 5, 0], gm2, unwritten="lazy", trace=Tracer())
    assert [gm2.is_written(out2 + 4 * k, 4) for k in range(5)] == [True, True, False, False, True]
    assert len(seen) == stats.instructions and stats.undefined_results == 2, (len(seen), stats)
    try:
        module.run("k", [out2, 4, 5, 0], gm2, max_instructions=3)
        raise AssertionError("no InstructionLimit")
    except pi.InstructionLimit:
        pass
    # A branch, a guard or an address that depends on it raises.
    text = single(prologue + "ld.local.v4.u32 {%r10, %r11, %r20, %r21}, [%SPL]; add.s32 %r22, %r20, 1;"
                  "setp.eq.s32 %p1, %r22, 0; @%p1 bra $L_end; $L_end:", regs=regs + " .reg .pred %p<3>;",
                  results=2)
    e = expect_error(pi.UndefinedRegisterRead, text, "%p1", results=2, unwritten="lazy")
    assert "bra $L_end" in e.instruction and "decides a guard" in str(e), str(e)
    # Outside every allocation.
    expect_error(pi.InvalidAddress, single("st.global.u32 [%rd1+4096], %r1;", results=0), "not allocated")
    # A register never written: 0 by default, a bit pattern, or an error.
    text = single("add.s32 %r10, %r1, %r9;", results=1)
    assert run_single(text, a=2, results=1)[0] == [2]
    assert run_single(text, a=2, results=1, registers=0xa5a5a5a5a5a5a5a5)[0] == [0xa5a5a5a7]
    e = expect_error(pi.UndefinedRegisterRead, text, "%r9", registers="raise", results=1)
    assert "add.s32 %r10, %r1, %r9" in e.instruction
    module = pi.Module(text)
    module.decode()
    assert [module.functions["k"].register_names[r] for r in module.functions["k"].never_written] == ["%r9"]
    # Division by zero.
    expect_error(pi.DivisionByZero, single("div.u32 %r10, %r1, %r2;", results=1), "division by zero", a=1, b=0)
    # Instructions that are not implemented are named with their line when they run, not before.
    text = single("add.f32 %r10, %r1, %r2;", results=1)
    module = pi.Module(text)
    assert len(module.decode()) == 1 and "add.f32" in module.unsupported[0]
    e = expect_error(pi.PtxUnsupported, text, "add.f32")
    assert "line 12" in str(e), str(e)
    text = single("@%p1 add.f32 %r10, %r1, %r2; mov.u32 %r10, 3;", results=1)
    got, _ = run_single(text.replace("@%p1", "setp.ne.s32 %p1, %r1, 0; @%p1"), a=0, results=1)  # not executed
    assert got == [3], got
    # trap
    expect_error(pi.Trap, single("trap;", results=0), "trap")


def test_speed():
    """A loop of simple instructions; returns the rate (instructions per second)."""
    body = """mov.u32 %r10, 0; mov.u32 %r11, 1; mov.u32 %r4, 0;
$L_loop:
  add.s32 %r10, %r10, %r11; xor.b32 %r11, %r11, %r10; shl.b32 %r5, %r10, 3; add.s32 %r11, %r11, %r5;
  and.b32 %r6, %r11, 255; or.b32 %r10, %r10, %r6; mad.lo.s32 %r10, %r10, 3, %r11; shr.u32 %r7, %r10, 7;
  xor.b32 %r10, %r10, %r7;
  add.s32 %r4, %r4, 1; setp.lt.u32 %p1, %r4, %r1; @%p1 bra $L_loop;"""
    text = single(body, results=2)
    module = pi.Module(text)
    gm = pi.GlobalMemory()
    out = gm.alloc(8)
    module.run("k", [out, 10, 0, 0], gm)  # compile
    stats = module.run("k", [out, 200000, 0, 0], gm)
    return stats.rate


def main():
    start = time.perf_counter()
    counts = {"interp_carry": test_carry(), "interp_calls": test_calls(), "interp_ops": test_ops()}
    test_single_instructions()
    test_errors()
    rate = test_speed()
    print(f"{', '.join(f'{k}: {v} threads' for k, v in counts.items())}; single instructions and errors; "
          f"{rate / 1e6:.1f} M simple instructions/s; {time.perf_counter() - start:.1f} s")
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
