// SPDX-License-Identifier: Apache-2.0
// src/huge/toom3_parallel.hpp (private to warpnum::huge): Toom-Cook 3-way on the host's threads. The same
// algorithm as detail/mpn/toom3.hpp's toom3_n, whose evaluation (toom3_evaluate) and interpolation
// (toom3_interpolate) it calls, with the five products of each of its top levels run as OpenMP tasks: down to
// `task_words` words a level's products are tasks of their own, below it each is mpn::toom3_n on one thread.
// Every task has its own scratch, laid out before the tasks start (toom3_tasks_scratch), so nothing is allocated,
// and nothing can throw, inside a task. Without OpenMP the tasks run one after another.
//
// The five products of a level are independent (A. L. Toom's points 0, 1, -1, 2 and infinity), so the only order
// between tasks is the level's: evaluation, the five products (an OpenMP taskgroup), interpolation. Integer's
// multiply chooses this where OpenMP gives two threads or more and the operands are long enough
// (src/huge/integer.cpp's host_mul, thresholds.hpp's host_toom3_tasks).
#pragma once

#include <warpnum/detail/mpn/mul.hpp>
#include <warpnum/detail/mpn/toom3.hpp>

#include <cstddef>
#include <vector>

namespace warpnum::huge {

/// Words of scratch toom3_tasks needs for n-word operands: at a level of tasks (n >= task_words and past Toom-3's
/// threshold) the six evaluations and three products of toom3_n, then each of the five products' own scratch side
/// by side; below, toom3_n's.
constexpr std::size_t toom3_tasks_scratch(int n, int task_words, int karatsuba_threshold, int toom3_threshold) {
  namespace mpn = warpnum::detail::mpn;
  if (n < task_words || n < mpn::toom3_effective_threshold(toom3_threshold)) {
    return static_cast<std::size_t>(mpn::toom3_scratch(n, karatsuba_threshold, toom3_threshold));
  }
  const int k = (n + 2) / 3;
  const int s = n - 2 * k;
  const int e = k + 1;
  const std::size_t top = static_cast<std::size_t>(6 * e + 3 * (2 * e));
  return top + 3 * toom3_tasks_scratch(e, task_words, karatsuba_threshold, toom3_threshold) +
         toom3_tasks_scratch(k, task_words, karatsuba_threshold, toom3_threshold) +
         toom3_tasks_scratch(s, task_words, karatsuba_threshold, toom3_threshold);
}

namespace detail_toom3_tasks {

/// toom3_tasks' recursion, inside a parallel region: r[0, 2n) = a * b (a == b: a square).
template <class Word>
void product(Word* r, const Word* a, const Word* b, int n, Word* scratch, int task_words, int karatsuba_threshold,
             int toom3_threshold) {
  namespace mpn = warpnum::detail::mpn;
  if (n < task_words || n < mpn::toom3_effective_threshold(toom3_threshold)) {
    mpn::toom3_n(r, a, b, n, scratch, karatsuba_threshold, toom3_threshold);
    return;
  }
  const bool square = a == b;
  const int k = (n + 2) / 3;
  const int s = n - 2 * k;
  const int e = k + 1;
  mpn::Toom3Level<Word> l(scratch, e);
  // Each product's scratch, side by side in the level's rest: three of e words' need, then k's, then s's.
  const std::size_t se = toom3_tasks_scratch(e, task_words, karatsuba_threshold, toom3_threshold);
  const std::size_t sk = toom3_tasks_scratch(k, task_words, karatsuba_threshold, toom3_threshold);
  Word* const s1 = l.rest;
  Word* const sm1 = s1 + se;
  Word* const s2 = sm1 + se;
  Word* const s0 = s2 + se;
  Word* const sinf = s0 + sk;
  const bool neg_m1 = l.evaluate(a, b, k, s);
  const int t = task_words;
  const int kt = karatsuba_threshold;
  const int t3 = toom3_threshold;
#pragma omp taskgroup
  {
#pragma omp task default(none) firstprivate(l, e, s1, t, kt, t3, square)
    product(l.r1, l.ea1, square ? l.ea1 : l.eb1, e, s1, t, kt, t3);
#pragma omp task default(none) firstprivate(l, e, sm1, t, kt, t3, square)
    product(l.rm1, l.eam1, square ? l.eam1 : l.ebm1, e, sm1, t, kt, t3);
#pragma omp task default(none) firstprivate(l, e, s2, t, kt, t3, square)
    product(l.r2, l.ea2, square ? l.ea2 : l.eb2, e, s2, t, kt, t3);
#pragma omp task default(none) firstprivate(r, a, b, k, s0, t, kt, t3)
    product(r, a, b, k, s0, t, kt, t3);  // r0 at r[0, 2k)
    product(r + 4 * k, a + 2 * k, b + 2 * k, s, sinf, t, kt, t3);  // rinf at r[4k, 2n), on this thread
  }
  mpn::toom3_interpolate(r, l.r1, l.rm1, l.r2, n, neg_m1);
}

}  // namespace detail_toom3_tasks

/// r[0, 2n) = a * b for n >= 1 (a == b, the same array: a square) by Toom-3 with the products of every level of at
/// least task_words words as tasks on OpenMP's threads; mpn::toom3_n's thresholds below. Allocates its scratch
/// (std::bad_alloc) before any task starts. r must not overlap a or b.
template <class Word>
void toom3_tasks(Word* r, const Word* a, const Word* b, int n, int task_words, int karatsuba_threshold,
                 int toom3_threshold) {
  std::vector<Word> scratch(toom3_tasks_scratch(n, task_words, karatsuba_threshold, toom3_threshold));
  Word* const sp = scratch.data();
#pragma omp parallel default(none) firstprivate(r, a, b, n, sp, task_words, karatsuba_threshold, toom3_threshold)
#pragma omp single
  detail_toom3_tasks::product(r, a, b, n, sp, task_words, karatsuba_threshold, toom3_threshold);
}

/// r[0, na + nb) = a * b for na >= nb >= 1, as mpn::mul does it (pieces of a as long as b, each added into r), with
/// each whole piece by toom3_tasks and the last, shorter one by mpn::mul. r must not overlap a or b.
template <class Word>
void mul_toom3_tasks(Word* r, const Word* a, int na, const Word* b, int nb, int task_words, int karatsuba_threshold,
                     int toom3_threshold) {
  namespace mpn = warpnum::detail::mpn;
  if (na == nb) {
    toom3_tasks(r, a, b, nb, task_words, karatsuba_threshold, toom3_threshold);
    return;
  }
  std::vector<Word> piece(2 * static_cast<std::size_t>(nb));
  std::vector<Word> scratch(static_cast<std::size_t>(mpn::mul_scratch(nb, na % nb, karatsuba_threshold,
                                                                      toom3_threshold)));
  for (int i = 0; i < na + nb; ++i) r[i] = 0;
  for (int off = 0; off < na; off += nb) {
    const int len = na - off < nb ? na - off : nb;
    if (len == nb) {
      toom3_tasks(piece.data(), a + off, b, nb, task_words, karatsuba_threshold, toom3_threshold);
    } else {
      mpn::mul(piece.data(), b, nb, a + off, len, scratch.data(), karatsuba_threshold, toom3_threshold);
    }
    const Word carry = mpn::add_n(r + off, r + off, piece.data(), len + nb);
    mpn::add_1_in_place(r + off + len + nb, na - off - len, carry);
  }
}

}  // namespace warpnum::huge
