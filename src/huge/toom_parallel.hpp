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
// taskgroup), interpolation. Products of unequal lengths (mul_toom_tasks) split the longer operand into pieces as
// long as the shorter, as mpn::mul does; where there are at least as many whole pieces as threads, each piece's
// product runs whole on one thread instead. Integer's multiply chooses this where OpenMP gives two threads or more
// and the operands are long enough (src/huge/integer.cpp's host_mul, thresholds.hpp's host_toom_tasks).
#pragma once

#include <warpnum/detail/mpn/mul.hpp>
#include <warpnum/detail/mpn/toom3.hpp>
#include <warpnum/detail/mpn/toom4.hpp>

#include <cstddef>
#include <memory>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

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

/// The calling thread's number in the current OpenMP team (0 without OpenMP).
inline int toom_thread_number() noexcept {
#if defined(_OPENMP)
  return omp_get_thread_num();
#else
  return 0;
#endif
}

/// r[0, na + nb) = a * b for na >= nb >= 1, as mpn::mul does it (pieces of a as long as b, the last one shorter or
/// not, each product added into r). Where a has at least two whole pieces and as many as there are threads
/// (`threads`: OpenMP's count), each piece's product is one product on one thread (mpn::mul: Toom-4 and below),
/// which keeps every thread busy where splitting each product's levels into tasks would leave them waiting (a
/// division's quotient piece times the whole divisor): the products of even pieces go straight to r (they do not
/// overlap), those of odd pieces to one buffer, added after. Otherwise each whole piece by toom_tasks, the last,
/// shorter one by mpn::mul. r must not overlap a or b.
template <class Word>
void mul_toom_tasks(Word* r, const Word* a, int na, const Word* b, int nb, ToomThresholds t, int threads) {
  namespace mpn = warpnum::detail::mpn;
  if (na == nb) {
    toom_tasks(r, a, b, nb, t);
    return;
  }
  const int whole = na / nb;
  const int len = na % nb;
  const int pieces = whole + (len > 0 ? 1 : 0);
  const auto piece_len = [=](int c) { return c < whole ? nb : len; };
  const auto add_piece = [&](const Word* piece, int c) {
    const int off = c * nb;
    const int l = piece_len(c);
    const Word carry = mpn::add_n(r + off, r + off, piece, l + nb);
    mpn::add_1_in_place(r + off + l + nb, na - off - l, carry);
  };
  if (whole >= 2 && whole >= threads && threads >= 1) {
    // Allocated before the threads start, left uninitialised: every word is written before it is read.
    const int whole_need = mpn::toom4_scratch(nb, t.karatsuba, t.toom3, t.toom4);
    const int last_need = len > 0 ? mpn::mul_scratch(nb, len, t.karatsuba, t.toom3, t.toom4) : 0;
    const auto scratch_words = static_cast<std::size_t>(whole_need > last_need ? whole_need : last_need);
    const auto odd = std::make_unique_for_overwrite<Word[]>(static_cast<std::size_t>(na) + nb);
    const auto scratch = std::make_unique_for_overwrite<Word[]>(static_cast<std::size_t>(threads) * scratch_words);
    Word* const op = odd.get();
    Word* const sp = scratch.get();
    const int last_even = (pieces - 1) / 2 * 2;
    for (int i = last_even * nb + nb + piece_len(last_even); i < na + nb; ++i) r[i] = 0;  // past the even pieces
#pragma omp parallel for schedule(static, 1) default(none) \
    firstprivate(r, op, sp, a, b, nb, pieces, piece_len, scratch_words, t)
    for (int c = 0; c < pieces; ++c) {
      Word* const out = (c % 2 == 0 ? r : op) + static_cast<std::ptrdiff_t>(c) * nb;
      Word* const own = sp + static_cast<std::size_t>(toom_thread_number()) * scratch_words;
      mpn::mul(out, b, nb, a + static_cast<std::ptrdiff_t>(c) * nb, piece_len(c), own, t.karatsuba, t.toom3, t.toom4);
    }
    for (int c = 1; c < pieces; c += 2) add_piece(op + static_cast<std::ptrdiff_t>(c) * nb, c);
    return;
  }
  for (int i = 0; i < na + nb; ++i) r[i] = 0;
  std::vector<Word> piece(2 * static_cast<std::size_t>(nb));
  for (int c = 0; c < whole; ++c) {
    toom_tasks(piece.data(), a + static_cast<std::ptrdiff_t>(c) * nb, b, nb, t);
    add_piece(piece.data(), c);
  }
  if (len > 0) {
    std::vector<Word> scratch(static_cast<std::size_t>(mpn::mul_scratch(nb, len, t.karatsuba, t.toom3, t.toom4)));
    mpn::mul(piece.data(), b, nb, a + static_cast<std::ptrdiff_t>(whole) * nb, len, scratch.data(), t.karatsuba,
             t.toom3, t.toom4);
    add_piece(piece.data(), whole);
  }
}

}  // namespace warpnum::huge
