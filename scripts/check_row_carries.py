#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks, for every limb count N from 1 to 32, that the device's unrolled Montgomery rows never lose a carry: each
PTX chain (ptx::WideRow<P>::add_carry) adds its carry out into one word above it without a further carry, so that
word must never overflow. A model of the chains in exact integers, with the same indices as
detail/modular/mont_rows.hpp (CIOS: row a b[J], then q m clearing limb J, over the window of N + 2 limbs that moves
up a limb per step); it also checks the result against Python's integers. The square by the same rows with each
cross product once (mont_sqr_rows) is modelled beside it. A fused-row square (the cross products as pairs in two
accumulators, then the reduction rows) is modelled too: it was right, and slower on the H100 than squaring by the
product (2.54 against 3.74 G/s at 1024 bits, 2026-11-22), so the device does not use it. The lane-group product of
warp/montgomery.hpp (G lanes of K limbs, blocks of K steps
over windows of 2K + 1 positions, then the merge into the lane below) is modelled for G up to 16 and K up to 16.
Worst cases (all-ones operands, m = 2^(32 N) - 1, a = b = m - 1) and random ones. Run: python3
scripts/check_row_carries.py (prints "ok", or fails an assert)."""
import random

M32 = (1 << 32) - 1


def chain(arr, off, v, start, pairs, s):
    """arr[off .. off + 2 pairs] += sum of v[start + 2k] s 2^(64 k): the chain, and its carry into arr[off + 2 pairs]."""
    carry = 0
    for k in range(pairs):
        p = v[start + 2 * k] * s
        lo = arr[off + 2 * k] + (p & M32) + carry
        arr[off + 2 * k], carry = lo & M32, lo >> 32
        hi = arr[off + 2 * k + 1] + (p >> 32) + carry
        arr[off + 2 * k + 1], carry = hi & M32, hi >> 32
    w = arr[off + 2 * pairs] + carry
    assert w <= M32, "a chain's carry word overflowed"
    arr[off + 2 * pairs] = w


def value(words):
    return sum(w << (32 * i) for i, w in enumerate(words))


def limbs(x, n):
    return [(x >> (32 * i)) & M32 for i in range(n)]


def row(e, o, s, v, length, x):
    """The rows' two chains (mont_row, mont_square_row, warp's lane_row): v[0 .. length) x at limb s of the window
    whose pairs at even limbs are in e, at odd ones in o; each chain carries into the word above it."""
    first, second = (e, o) if s % 2 == 0 else (o, e)
    chain(first, s, v, 0, (length + 1) // 2, x)
    if length // 2 > 0:
        chain(second, s + 1, v, 1, length // 2, x)


def reduce_step(n, e, o, c, mv, minv, t=0):
    """mont_reduce_step: q from the window's limb 0 (its two halves, the carry c in and t), the row q m clearing
    it, the window moved up a limb; returns (e, o, c)."""
    q = ((e[0] + o[0] + t + c) * minv) & M32
    row(e, o, 0, mv, n, q)
    word = e[0] + o[0] + t + c
    assert word & M32 == 0 and word >> 32 <= 3
    return o[1:] + [0], e[1:] + [0], word >> 32


def sqr_rows(n, a):
    """sqr_full_rows: x and y of 2N limbs (no chain may reach limb 2N)."""
    x, y = [0] * (2 * n), [0] * (2 * n)
    for j in range(n - 1):
        l = n - j - 1
        chain(y, 2 * j + 1, a, j + 1, (l + 1) // 2, a[j])
        if l // 2 > 0:
            chain(x, 2 * j + 2, a, j + 2, l // 2, a[j])
    cross = value(x) + value(y)
    assert cross < 1 << (64 * n - 1), "the cross products must survive the doubling"
    return limbs(2 * cross + sum(a[i] * a[i] << (64 * i) for i in range(n)), 2 * n)


def mont(n, a, b, m, square):
    """mont_mul_rows, or with square the fused-row square (sqr_rows, then the reduction rows): the window e, o
    (N + 2 limbs) moving up a limb per step."""
    minv = (-pow(m, -1, 1 << 32)) % (1 << 32)
    av, bv, mv = limbs(a, n), limbs(b, n), limbs(m, n)
    t = sqr_rows(n, av) if square else [0] * (2 * n)
    e, o, c = [0] * (n + 2), [0] * (n + 2), 0
    for j in range(n):
        if not square:
            row(e, o, 0, av, n, bv[j])
        e, o, c = reduce_step(n, e, o, c, mv, minv, t[j] if square else 0)
    s = value(e) + value(o) + c + (value(t[n:]) if square else 0)
    assert s < 2 * m
    return s - m if s >= m else s


def mont_square_rows(n, a, m):
    """mont_sqr_rows: step J adds a_J (a_J, 2 a_(J+1) mod 2^32, the limbs J + 2 .. of 2 a mod 2^(32 N)) at window
    limb J, then the reduction row, over the same window as mont(); 2a's bit 32 N (a's top bit) adds
    a mod 2^(32 (N - 1)) at the end."""
    minv = (-pow(m, -1, 1 << 32)) % (1 << 32)
    av, mv, d = limbs(a, n), limbs(m, n), limbs(2 * a, n)
    e, o, c = [0] * (n + 2), [0] * (n + 2), 0
    for j in range(n):
        length = n - j
        v = [av[j]] + ([(av[j + 1] << 1) & M32] if length > 1 else []) + [d[j + k] for k in range(2, length)]
        row(e, o, j, v, length, av[j])
        e, o, c = reduce_step(n, e, o, c, mv, minv)
    if av[n - 1] >> 31:
        x = value(e[:n + 1]) + a % (1 << (32 * (n - 1)))
        assert x < 1 << (32 * (n + 1)), "the top bit's terms carried out of limb N"
        e[:n + 1] = limbs(x, n + 1)
    s = value(e) + value(o) + c
    assert s < 2 * m
    return s - m if s >= m else s


def mont_lanes(g, k, a, b, m):
    """warp/montgomery.hpp's mont_mul: G lanes of K limbs, each with a window ev, od of 2K + 1 positions; blocks of
    K steps, then the merge (the lane above's positions [0, K) summed and added to this lane's [K, 2K])."""
    n = g * k
    minv = (-pow(m, -1, 1 << 32)) % (1 << 32)
    av, bv, mv = limbs(a, n), limbs(b, n), limbs(m, n)
    bl = [bv[r * k:(r + 1) * k] for r in range(g)]
    ml = [mv[r * k:(r + 1) * k] for r in range(g)]
    w = 2 * k + 1
    ev = [[0] * w for _ in range(g)]
    od = [[0] * w for _ in range(g)]

    for src in range(g):
        c = 0
        for s in range(k):
            ai = av[src * k + s]
            for r in range(g):
                row(ev[r], od[r], s, bl[r], k, ai)
            q = ((ev[0][s] + od[0][s] + c) * minv) & M32
            for r in range(g):
                row(ev[r], od[r], s, ml[r], k, q)
            word = ev[0][s] + od[0][s] + c
            assert word & M32 == 0 and word >> 32 <= 2
            c = word >> 32
        low, carry = [], []
        for r in range(g):
            x = value(ev[r][:k]) + value(od[r][:k])
            low.append(x & ((1 << (32 * k)) - 1))
            carry.append(x >> (32 * k))
        assert low[0] == 0 and carry[0] == c
        nev, nod = [], []
        for r in range(g):
            e2, o2 = (ev[r], od[r]) if k % 2 == 0 else (od[r], ev[r])
            e_new = e2[k:] + [0] * k
            o_new = o2[k:] + [0] * k
            x = value(e_new[:k + 1]) + low[(r + 1) % g] + carry[r]
            assert x < 1 << (32 * (k + 1)), "the merge carried out of position K"
            e_new[:k + 1] = limbs(x, k + 1)
            nev.append(e_new)
            nod.append(o_new)
        ev, od = nev, nod
    total = 0
    for r in range(g):
        x = value(ev[r]) + value(od[r])
        hi = ev[r][k] + od[r][k] + ((value(ev[r][:k]) + value(od[r][:k])) >> (32 * k))
        assert hi <= M32 and x == (value(ev[r][:k]) + value(od[r][:k])) % (1 << (32 * k)) + (hi << (32 * k))
        total += x << (32 * k * r)
    assert total < 2 * m
    return total - m if total >= m else total


def main():
    rng = random.Random(1)
    for n in range(1, 33):
        r = 1 << (32 * n)
        for it in range(60):
            a_words = [M32] * n if it % 4 == 0 else [rng.getrandbits(32) for _ in range(n)]
            assert value(sqr_rows(n, a_words)) == value(a_words) ** 2
            m = [r - 1, (r >> 1) + 1, rng.getrandbits(32 * n) | 1 | (r >> 1), rng.getrandbits(32 * n) | 1][it % 4]
            m = max(m, 3)
            a = m - 1 if it % 3 == 0 else rng.randrange(m)
            b = m - 1 if it % 5 == 0 else rng.randrange(m)
            rinv = pow(r, -1, m)
            assert mont(n, a, b, m, False) == a * b * rinv % m
            assert mont(n, a, a, m, True) == a * a * rinv % m
            assert mont_square_rows(n, a, m) == a * a * rinv % m
            # mont_sqr_rows again for moduli whose top bit is clear, the largest odd one among them.
            top = rng.getrandbits(32 * n - 1)
            h = [(r >> 1) - 1, (r >> 2) + 1, top | 1 | (r >> 2), top | 1][it % 4]
            h = max(h, 3)
            x = h - 1 if it % 3 == 0 else rng.randrange(h)
            assert mont_square_rows(n, x, h) == x * x * pow(r, -1, h) % h
    for g in (1, 2, 4, 8, 16):
        for k in range(1, 17):
            n = g * k
            r = 1 << (32 * n)
            for it in range(12):
                m = [r - 1, (r >> 1) + 1, rng.getrandbits(32 * n) | 1 | (r >> 1), rng.getrandbits(32 * n) | 1][it % 4]
                m = max(m, 3)
                a = m - 1 if it % 3 == 0 else rng.randrange(m)
                b = m - 1 if it % 5 == 0 else rng.randrange(m)
                assert mont_lanes(g, k, a, b, m) == a * b * pow(r, -1, m) % m
    print("ok")


if __name__ == "__main__":
    main()
