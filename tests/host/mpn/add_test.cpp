// SPDX-License-Identifier: Apache-2.0
// tests/host/mpn/add_test.cpp: detail/mpn/add.hpp's add_n and sub_n (for 64-bit words on x86-64 the adc/sbb chain
// of detail/x86/add_n_x86.hpp), their portable bodies, and add_1_in_place, with 32- and 64-bit words, every length
// from 0 to 41 words (each remainder of the four-word trips), carry-heavy operands, a carry or borrow in, and
// results in place, against GMP. (tests/host/bigint/words32_test.cpp covers the fixed widths' names of these.)
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/mpn/add.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;
namespace mpn = detail::mpn;

template <class Word> Mpz value(const std::vector<Word>& w, std::size_t n) {
  Mpz z;
  oracle::from_words(z, w.data(), n);
  return z;
}

template <class Word> class MpnAdd : public ::testing::Test {};
using WordTypes = ::testing::Types<std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(MpnAdd, WordTypes);

TYPED_TEST(MpnAdd, RunTimeLengthsAgainstGmp) {
  using Word = TypeParam;
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  const std::string what = "mpn add_n/sub_n " + std::to_string(wb);
  Rng rng(seed_for(what));
  for (int n = 0; n <= 41; ++n) {
    for (int c = 0; c < 200; ++c) {
      const auto un = static_cast<std::size_t>(n);
      std::vector<Word> a(un + 1), b(un + 1), r(un + 1, 0x5a);
      random_words(rng, a.data(), n + 1);  // one more word: random_words needs n >= 1; the extra is a guard
      random_words(rng, b.data(), n + 1);
      const Word guard = a[un];
      r[un] = guard;
      Mpz za = value(a, un);
      Mpz zb = value(b, un);
      Mpz base;
      mpz_setbit(base, static_cast<mp_bitcnt_t>(n) * wb);
      const Word carry_in = static_cast<Word>(rng.below(4) == 0 ? 1 : 0);
      Mpz want;
      mpz_add(want, za, zb);
      mpz_add_ui(want, want, carry_in);
      const auto check = [&](const char* name, const std::vector<Word>& got_words, Word out, bool subtract) {
        Mpz got = value(got_words, un);
        if (subtract) {
          if (out != 0) mpz_sub(got, got, base);
        } else if (out != 0) {
          mpz_add(got, got, base);
        }
        return ::testing::AssertionResult(got == want && got_words[un] == guard) << what << ": " << name << ", n = " << n
                                                                                  << ", carry in " << carry_in << ", case " << c;
      };
      r[un] = guard;
      ASSERT_TRUE(check("add_n", r, mpn::add_n(r.data(), a.data(), b.data(), n, carry_in), false));
      ASSERT_TRUE(check("add_n_portable", r, mpn::add_n_portable(r.data(), a.data(), b.data(), n, carry_in), false));
      std::vector<Word> x = a;  // in place: r aliases a
      x[un] = guard;
      ASSERT_TRUE(check("add_n in place", x, mpn::add_n(x.data(), x.data(), b.data(), n, carry_in), false));
      mpz_sub(want, za, zb);
      mpz_sub_ui(want, want, carry_in);
      ASSERT_TRUE(check("sub_n", r, mpn::sub_n(r.data(), a.data(), b.data(), n, carry_in), true));
      ASSERT_TRUE(check("sub_n_portable", r, mpn::sub_n_portable(r.data(), a.data(), b.data(), n, carry_in), true));
      x = b;  // in place: r aliases b
      x[un] = guard;
      ASSERT_TRUE(check("sub_n into b", x, mpn::sub_n(x.data(), a.data(), x.data(), n, carry_in), true));
      // add_1_in_place: r += w, stopping where the carry stops.
      const Word w = special_word<Word>(rng);
      x = a;
      const Word carry = mpn::add_1_in_place(x.data(), n, w);
      mpz_add_ui(want, za, static_cast<unsigned long>(w));
      Mpz got = value(x, un);
      mpz_addmul_ui(got, base, static_cast<unsigned long>(carry));  // n = 0 returns w itself
      ASSERT_TRUE(got == want && x[un] == a[un]) << what << ": add_1_in_place, n = " << n << ", case " << c;
    }
  }
}

}  // namespace
}  // namespace warpnum::test
