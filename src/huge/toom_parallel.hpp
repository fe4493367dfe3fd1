// SPDX-License-Identifier: Apache-2.0
// src/huge/toom_parallel.hpp (private to warpnum::huge): Toom-Cook 3-way and 4-way on the host's threads. The same
// algorithms as detail/mpn/toom3.hpp's toom3_n and detail/mpn/toom4.hpp's toom4_n, whose evaluations and
// interpolations it calls, with the products of each of their top levels run as OpenMP tasks: down to `task_words`
// words a level's products are tasks of their own, below it each is mpn::toom4_n on one thread (Toom-4 from its
// threshold, Toom-3 and Karatsuba below theirs). Every task has its own scratch, laid out before the tasks start
// (toom_tasks_scratch), so nothing is allocated, and nothing can throw, inside a task. Without OpenMP the tasks run
// one after another.
//
// The products of a level are independent (A. L. Toom's points: 0, 1, -1, 2 and infinity for Toom-3; -2 and 1/2 as
// well for Toom-4), so the only order between tasks is the level's: evaluation, the products (an OpenMP
// taskgroup), interpolation. Integer's multiply chooses this where OpenMP gives two threads or more and the operands
// are long enough (src/huge/integer.cpp's host_mul, thresholds.hpp's host_toom_tasks).
#pragma once

#include <warpnum/detail/mpn/mul.hpp>
#include <warpnum/detail/mpn/toom3.hpp>
#include <warpnum/detail/mpn/toom4.hpp>

#include <cstddef>
#include <vector>

namespace warpnum::huge {

/// The thresholds of a product on words: Karatsuba, Toom-3 and Toom-4 from these many words, and the products of
/// levels of at least task_words words as tasks.
struct ToomThresholds {
  int karatsuba;
  int toom3;
  int toom4;
  int task_words;
};

/// Which level toom_tasks runs on n words: 4 (Toom-4's, as tasks), 3 (Toom-3's, as tasks) or 0 (mpn::toom4_n on
/// this thread). Toom-4's level from twice task_words: below, its seven products on a few threads leave more idle
/// than Toom-3's five (2 threads, docs/benchmarks.md).
constexpr int toom_task_level(int n, const ToomThresholds& t) noexcept {
  namespace mpn = warpnum::detail::mpn;
  if (n < t.task_words) return 0;
  if (n >= mpn::toom4_effective_threshold(t.toom4) && n >= 2 * t.task_words) return 4;
  if (n >= mpn::toom3_effective_threshold(t.toom3)) return 3;
  return 0;
}

/// Words of scratch toom_tasks needs for n-word operands: at a level of tasks the evaluations and products of
/// toom3_n or toom4_n, then each product's own scratch side by side; below, toom4_n's.
constexpr std::size_t toom_tasks_scratch(int n, const ToomThresholds& t) {
  namespace mpn = warpnum::detail::mpn;
  const int level = toom_task_level(n, t);
  if (level == 0) return static_cast<std::size_t>(mpn::toom4_scratch(n, t.karatsuba, t.toom3, t.toom4));
  if (level == 4) {
    const int k = (n + 3) / 4;
    const int e = k + 1;
    const auto top = static_cast<std::size_t>(10 * e + 6 * (2 * e));
    return top + 5 * toom_tasks_scratch(e, t) + toom_tasks_scratch(k, t) + toom_tasks_scratch(n - 3 * k, t);
  }
  const int k = (n + 2) / 3;
  const int e = k + 1;
  const auto top = static_cast<std::size_t>(6 * e + 3 * (2 * e));
  return top + 3 * toom_tasks_scratch(e, t) + toom_tasks_scratch(k, t) + toom_tasks_scratch(n - 2 * k, t);
}

namespace detail_toom_tasks {

template <class Word> void product(Word* r, const Word* a, const Word* b, int n, Word* scratch, ToomThresholds t);

/// A Toom-4 level of toom_tasks: seven products as tasks (the last on this thread), then the interpolation.
template <class Word> void toom4_level(Word* r, const Word* a, const Word* b, int n, Word* scratch, ToomThresholds t) {
  namespace mpn = warpnum::detail::mpn;
  const bool square = a == b;
  const int k = (n + 3) / 4;
  const int s = n - 3 * k;
  const int e = k + 1;
  mpn::Toom4Level<Word> l(scratch, e);
  // Each product's scratch, side by side in the level's rest: five of e words' need, then k's, then s's.
  const std::size_t se = toom_tasks_scratch(e, t);
  Word* const s0 = l.rest + 5 * se;
  Word* const sinf = s0 + toom_tasks_scratch(k, t);
  const unsigned negative = l.evaluate(a, b, k, s);
  Word* const products[5] = {l.wm2, l.w1, l.wm1, l.w2, l.wh};
  constexpr int points[5] = {3, 0, 1, 2, 4};  // -2, 1, -1, 2, 1/2: the evaluations' order in Toom4Level
#pragma omp taskgroup
  {
    for (int i = 0; i < 5; ++i) {
      Word* const out = products[i];
      const Word* const x = l.ea[points[i]];
      const Word* const y = l.b_at(points[i], square);
      Word* const sp = l.rest + static_cast<std::size_t>(i) * se;
#pragma omp task default(none) firstprivate(out, x, y, e, sp, t)
      product(out, x, y, e, sp, t);
    }
#pragma omp task default(none) firstprivate(r, a, b, k, s0, t)
    product(r, a, b, k, s0, t);                             // W0 at r[0, 2k)
    product(r + 6 * k, a + 3 * k, b + 3 * k, s, sinf, t);  // W6 at r[6k, 2n), on this thread
  }
  mpn::toom4_interpolate(r, l, n, negative);
}

/// A Toom-3 level of toom_tasks: five products as tasks (the last on this thread), then the interpolation.
template <class Word> void toom3_level(Word* r, const Word* a, const Word* b, int n, Word* scratch, ToomThresholds t) {
  namespace mpn = warpnum::detail::mpn;
  const bool square = a == b;
  const int k = (n + 2) / 3;
  const int s = n - 2 * k;
  const int e = k + 1;
  mpn::Toom3Level<Word> l(scratch, e);
  // Each product's scratch, side by side in the level's rest: three of e words' need, then k's, then s's.
  const std::size_t se = toom_tasks_scratch(e, t);
  Word* const s1 = l.rest;
  Word* const sm1 = s1 + se;
  Word* const s2 = sm1 + se;
  Word* const s0 = s2 + se;
  Word* const sinf = s0 + toom_tasks_scratch(k, t);
  const bool neg_m1 = l.evaluate(a, b, k, s);
#pragma omp taskgroup
  {
#pragma omp task default(none) firstprivate(l, e, s1, t, square)
    product(l.r1, l.ea1, square ? l.ea1 : l.eb1, e, s1, t);
#pragma omp task default(none) firstprivate(l, e, sm1, t, square)
    product(l.rm1, l.eam1, square ? l.eam1 : l.ebm1, e, sm1, t);
#pragma omp task default(none) firstprivate(l, e, s2, t, square)
    product(l.r2, l.ea2, square ? l.ea2 : l.eb2, e, s2, t);
#pragma omp task default(none) firstprivate(r, a, b, k, s0, t)
    product(r, a, b, k, s0, t);                             // r0 at r[0, 2k)
    product(r + 4 * k, a + 2 * k, b + 2 * k, s, sinf, t);  // rinf at r[4k, 2n), on this thread
  }
  mpn::toom3_interpolate(r, l.r1, l.rm1, l.r2, n, neg_m1);
}

/// toom_tasks' recursion, inside a parallel region: r[0, 2n) = a * b (a == b: a square).
template <class Word> void product(Word* r, const Word* a, const Word* b, int n, Word* scratch, ToomThresholds t) {
  switch (toom_task_level(n, t)) {
    case 4:
      toom4_level(r, a, b, n, scratch, t);
      break;
    case 3:
      toom3_level(r, a, b, n, scratch, t);
      break;
    default:
      warpnum::detail::mpn::toom4_n(r, a, b, n, scratch, t.karatsuba, t.toom3, t.toom4);
      break;
  }
}

}  // namespace detail_toom_tasks

/// r[0, 2n) = a * b for n >= 1 (a == b, the same array: a square) by Toom-4 and Toom-3 with the products of every
/// level of at least t.task_words words as tasks on OpenMP's threads; mpn::toom4_n's thresholds below. Allocates
/// its scratch (std::bad_alloc) before any task starts. r must not overlap a or b.
template <class Word> void toom_tasks(Word* r, const Word* a, const Word* b, int n, ToomThresholds t) {
  std::vector<Word> scratch(toom_tasks_scratch(n, t));
  Word* const sp = scratch.data();
#pragma omp parallel default(none) firstprivate(r, a, b, n, sp, t)
#pragma omp single
  detail_toom_tasks::product(r, a, b, n, sp, t);
}

/// r[0, na + nb) = a * b for na >= nb >= 1, as mpn::mul does it (pieces of a as long as b, each added into r), with
/// each whole piece by toom_tasks and the last, shorter one by mpn::mul. r must not overlap a or b.
template <class Word> void mul_toom_tasks(Word* r, const Word* a, int na, const Word* b, int nb, ToomThresholds t) {
  namespace mpn = warpnum::detail::mpn;
  if (na == nb) {
    toom_tasks(r, a, b, nb, t);
    return;
  }
  std::vector<Word> piece(2 * static_cast<std::size_t>(nb));
  std::vector<Word> scratch(static_cast<std::size_t>(mpn::mul_scratch(nb, na % nb, t.karatsuba, t.toom3, t.toom4)));
  for (int i = 0; i < na + nb; ++i) r[i] = 0;
  for (int off = 0; off < na; off += nb) {
    const int len = na - off < nb ? na - off : nb;
    if (len == nb) {
      toom_tasks(piece.data(), a + off, b, nb, t);
    } else {
      mpn::mul(piece.data(), b, nb, a + off, len, scratch.data(), t.karatsuba, t.toom3, t.toom4);
    }
    const Word carry = mpn::add_n(r + off, r + off, piece.data(), len + nb);
    mpn::add_1_in_place(r + off + len + nb, na - off - len, carry);
  }
}

}  // namespace warpnum::huge
