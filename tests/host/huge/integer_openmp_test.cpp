// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/integer_openmp_test.cpp: Integer's + - * on the host against GMP when OpenMP gives fewer threads
// than omp_get_max_threads() says: inside a caller's parallel region here, and under OMP_THREAD_LIMIT=1,
// OMP_DYNAMIC=true and OMP_NUM_THREADS=3 as the ctest variants (tests/CMakeLists.txt). Results of 2^17 limbs and
// more, where the host resolves carries in parallel runs, past every multiplication threshold. And the division's
// quotient in one, two or four pieces by the threads OpenMP gives and the divisor's length (src/huge/thresholds.hpp),
// with a remainder from a wrapped product where it is shorter than the whole one, against GMP.
#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/integer.hpp>

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <string>
#include <utility>

#if defined(_OPENMP)
#  include <omp.h>
#endif

namespace {

using warpnum::Integer;
using warpnum::MulAlgorithm;
using warpnum::Place;

/// Past the host's parallel carry cut-off (2^17 limbs) with room to spare.
constexpr std::size_t big_limbs = 140000;

mpz_class ones(std::size_t limbs) { return (mpz_class(1) << static_cast<mp_bitcnt_t>(32 * limbs)) - 1; }

mpz_class random_number(gmp_randstate_t state, std::size_t limbs) {
  mpz_class z;
  mpz_urandomb(z.get_mpz_t(), state, static_cast<mp_bitcnt_t>(32 * limbs));
  mpz_setbit(z.get_mpz_t(), static_cast<mp_bitcnt_t>(32 * limbs - 1));
  return z;
}

Integer host(const mpz_class& z) { return warpnum::from_mpz(z, Place::host); }

/// got == want, without printing numbers of a million digits when they differ.
void expect_equal(const Integer& got, const mpz_class& want, const std::string& what) {
  EXPECT_TRUE(warpnum::to_mpz_class(got) == want) << what;
}

/// Runs `body` the way a program with its own OpenMP threads would call the library: from one thread of a
/// parallel region of two (nested regions inactive, so the library's regions get one thread).
void in_parallel_region(const std::function<void()>& body) {
#if defined(_OPENMP)
#  pragma omp parallel num_threads(2)
#  pragma omp single
  body();
#else
  body();
#endif
}

/// The cases: a carry through every limb (+), a borrow through every limb (-), random sums and differences, and
/// products whose carry step covers 2^17 limbs and more by each host algorithm (schoolbook, Karatsuba, the
/// transform) and by the automatic choice.
void check_all() {
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, 20261126);

  const mpz_class x = ones(big_limbs);
  expect_equal(host(x) + host(mpz_class(1)), x + 1, "x + 1, a carry through every limb");
  expect_equal(host(x + 1) - host(mpz_class(1)), x, "2^n - 1, a borrow through every limb");
  expect_equal(host(mpz_class(1)) - host(x + 1), -x, "1 - 2^n");

  const mpz_class a = random_number(state, big_limbs), b = random_number(state, big_limbs - 7);
  expect_equal(host(a) + host(b), a + b, "a + b");
  expect_equal(host(a) - host(b), a - b, "a - b");
  expect_equal(host(b) - host(a), b - a, "b - a");

  struct Product {
    std::size_t na, nb;
    MulAlgorithm algorithm;
  };
  // Shorter operand below host_karatsuba (64), below host_ntt (12,289) by Karatsuba, Toom-3 and Toom-4, and above it;
  // the product at least 2^17 limbs.
  const Product products[] = {
      {60, big_limbs, MulAlgorithm::schoolbook},
      {12000, 125000, MulAlgorithm::karatsuba},
      {12000, 125000, MulAlgorithm::toom3},
      {12000, 125000, MulAlgorithm::toom4},
      {70000, 70000, MulAlgorithm::ntt},
      {70000, 70000, MulAlgorithm::automatic},
  };
  for (const Product& p : products) {
    const mpz_class u = ones(p.na), v = ones(p.nb);  // u v = 2^(n+m) - 2^n - 2^m + 1: long runs of carries
    const mpz_class s = random_number(state, p.na), t = random_number(state, p.nb);
    const std::string what = std::to_string(p.na) + " x " + std::to_string(p.nb) + " limbs, algorithm " +
                             std::to_string(static_cast<int>(p.algorithm));
    expect_equal(warpnum::multiply(host(u), host(v), p.algorithm), u * v, what + ", all ones");
    expect_equal(warpnum::multiply(host(s), host(t), p.algorithm), s * t, what + ", random");
  }
  expect_equal(host(a) * host(b), a * b, "a * b");
  gmp_randclear(state);
}

TEST(IntegerOpenMP, FromTheProgramsOwnThreads) {
  in_parallel_region([] { check_all(); });
}

TEST(IntegerOpenMP, AsTheEnvironmentSays) { check_all(); }

// The division's remainder from a wrapped product, a - q b with q b taken modulo 2^(32 L) - 1: where a's residue lies
// below q b's (rare for random operands), the difference wraps once more. Here q = 2^(32 k) and b = 2^(32 L) - 1 -
// 2^(32 (L - k)) make q b = -1 modulo 2^(32 L) - 1, so it does; also a case without the wrap, and one below the
// transform's threshold (the whole product).
TEST(IntegerOpenMP, RemainderFromAWrappedProduct) {
#if defined(_OPENMP)
  const int saved = omp_get_max_threads();
  omp_set_num_threads(16);  // the transform from 12,289 limbs
  using Traits = warpnum::huge::NumberTraits<warpnum::Integer>;
  const std::size_t L = 20480, k = 12500, bits = 32 * L - 64;  // L = 5 2^12, the length for these bits
  const mpz_class modulus = (mpz_class(1) << (32 * L)) - 1;
  const mpz_class q = mpz_class(1) << (32 * k);
  const mpz_class b = modulus - (mpz_class(1) << (32 * (L - k)));  // q b = -2^(32 L) = -1 modulo 2^(32 L) - 1
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, 20261209);
  for (const mpz_class& r : {mpz_class(12345), mpz_class(0), mpz_class(1), random_number(state, L - 3)}) {
    const mpz_class a = q * b + r;
    const warpnum::Integer got = Traits::difference_below(host(a), host(q), host(b), bits);
    expect_equal(got, r, "q b = -1: remainder " + std::to_string(mpz_sizeinbase(r.get_mpz_t(), 2)) + " bits");
  }
  const mpz_class q2 = random_number(state, 15000), b2 = random_number(state, 20000), r2 = random_number(state, 500);
  expect_equal(Traits::difference_below(host(q2 * b2 + r2), host(q2), host(b2), bits), r2, "random q and b");
  const mpz_class q3 = random_number(state, 100);  // below the threshold: the whole product
  expect_equal(Traits::difference_below(host(q3 * b2 + r2), host(q3), host(b2), bits), r2, "a short quotient");
  gmp_randclear(state);
  omp_set_num_threads(saved);
#else
  GTEST_SKIP() << "built without OpenMP";
#endif
}

// Newton's reciprocal of Integers in host memory on 16 threads, where each step's residual 2^(n+h) - d xh comes from
// d xh modulo 2^(32 L) - 1 (from about 25,000 limbs of d): X <= 2^(2n) / d < X + 2, against GMP.
TEST(IntegerOpenMP, ReciprocalWithWrappedResiduals) {
#if defined(_OPENMP)
  const int saved = omp_get_max_threads();
  omp_set_num_threads(16);
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, 20261210);
  for (const std::size_t limbs : {std::size_t{30000}, std::size_t{60000}, std::size_t{90001}}) {
    const mpz_class d = random_number(state, limbs);
    const std::size_t n = mpz_sizeinbase(d.get_mpz_t(), 2);
    const warpnum::Integer x = warpnum::huge::reciprocal_newton<warpnum::Integer>(host(d), n);
    const mpz_class got = warpnum::to_mpz_class(x), power = mpz_class(1) << (2 * n);
    EXPECT_TRUE(got * d <= power && power < (got + 2) * d) << limbs << " limbs";
  }
  gmp_randclear(state);
  omp_set_num_threads(saved);
#else
  GTEST_SKIP() << "built without OpenMP";
#endif
}

// divmod_floor of 2d by d limbs (and a longer quotient) with OpenMP's count set to 16, 2 and 1, against mpz_fdiv_qr:
// the quotient in one piece on 16 threads and two from 65,536 divisor limbs, in four on 2 threads and two from
// 20,000 limbs, in two on one thread (thresholds.hpp's host_division_pieces); remainders from wrapped products.
TEST(IntegerOpenMP, DivisionInPiecesByThreadsAndLength) {
#if defined(_OPENMP)
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, 20261206);
  const int saved = omp_get_max_threads();
  for (const int threads : {16, 2, 1}) {
    omp_set_num_threads(threads);
    // 40,000 by 20,000 limbs on 16 threads: the remainder from the product modulo 2^(32 L) - 1 (L = 20,480).
    for (const auto& [na, nb] : {std::pair<std::size_t, std::size_t>{6000, 3000}, {20000, 10000}, {30000, 9000},
                                 {40000, 20000}, {140000, 70000}}) {
      const mpz_class a = random_number(state, na), b = random_number(state, nb);
      mpz_class q, r;
      mpz_fdiv_qr(q.get_mpz_t(), r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
      const warpnum::IntegerDivResult got = warpnum::divmod_floor(host(a), host(b));
      const std::string what = std::to_string(threads) + " threads, " + std::to_string(na) + " by " +
                               std::to_string(nb) + " limbs";
      expect_equal(got.quot, q, what + ": quotient");
      expect_equal(got.rem, r, what + ": remainder");
    }
  }
  omp_set_num_threads(saved);
  gmp_randclear(state);
#else
  GTEST_SKIP() << "built without OpenMP";
#endif
}

}  // namespace
