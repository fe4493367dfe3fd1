// SPDX-License-Identifier: Apache-2.0
// tests/host/boost/boost_backend_test.cpp: warpnum's Boost.Multiprecision backend (boost/backend.hpp,
// boost/eval.hpp, boost/traits.hpp) with this machine's Boost
// headers (Debian's 1.74): arithmetic against GMP on random and edge operands, text in and out with Boost's
// flags, conversions to built-ins by Boost's rules, to and from cpp_int, mpz_int and mpz_class, and the error
// cases. (Boost 1.81's own test_arithmetic runs against the same backend in tests/boost/.)
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/boost.hpp>

#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/gmp.hpp>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace {

namespace mp = boost::multiprecision;
using warpnum::boost_int;
using warpnum::boost_uint;

template <class N> N from_value(const typename N::backend_type::value_type& v) {
  N r;
  r.backend().value() = v;
  return r;
}
/// GMP's value of a number (through warpnum's own to_mpz, which the bigint suites check).
template <class N> warpnum::oracle::Mpz gmp(const N& x) { return warpnum::oracle::to_mpz(x.backend().value()); }
template <class N> N wrap(mpz_srcptr z) {
  using V = typename N::backend_type::value_type;
  return from_value<N>(warpnum::oracle::from_mpz<V>(warpnum::oracle::reduce<V>(z)));
}

template <class N> void check_arithmetic(const char* name) {
  using V = typename N::backend_type::value_type;
  warpnum::test::run_random_cases(std::string(name) + " arithmetic", warpnum::test::seed_for(name, V::bits), 400,
                                  [](warpnum::test::Rng& rng, int) -> ::testing::AssertionResult {
    const N a = from_value<N>(warpnum::test::random_value<V>(rng));
    N b = from_value<N>(warpnum::test::random_value<V>(rng));
    if (b == 0) b = 3;
    const auto ga = gmp(a), gb = gmp(b);
    warpnum::oracle::Mpz r;
    mpz_mul(r, ga, gb);
    if (a * b != wrap<N>(r)) return ::testing::AssertionFailure() << "a * b";
    mpz_add(r, ga, gb);
    if (a + b != wrap<N>(r)) return ::testing::AssertionFailure() << "a + b";
    mpz_tdiv_q(r, ga, gb);
    if (a / b != wrap<N>(r)) return ::testing::AssertionFailure() << "a / b";
    mpz_tdiv_r(r, ga, gb);
    if (a % b != wrap<N>(r)) return ::testing::AssertionFailure() << "a % b";
    N q, rem;
    mp::divide_qr(a, b, q, rem);
    if (q != a / b || rem != a % b) return ::testing::AssertionFailure() << "divide_qr";
    mpz_gcd(r, ga, gb);
    if (gcd(a, b) != wrap<N>(r)) return ::testing::AssertionFailure() << "gcd";
    // powm: Boost's truncating rule (the sign of a^e, the magnitude |a|^e mod |b|).
    const N e = from_value<N>(warpnum::test::random_value<V>(rng)) & N(0xffff);
    warpnum::oracle::Mpz ma, mb;
    mpz_abs(ma, ga);
    mpz_abs(mb, gb);
    mpz_powm(r, ma, gmp(e), mb);
    if (mpz_sgn(ga.get()) < 0 && mpz_odd_p(gmp(e).get())) mpz_neg(r, r);
    if (powm(a, e, b) != wrap<N>(r)) return ::testing::AssertionFailure() << "powm";
    if (a >= 0) {
      mpz_sqrt(r, ga);
      if (sqrt(a) != wrap<N>(r)) return ::testing::AssertionFailure() << "sqrt";
    }
    // The widening product into twice the width.
    using W = mp::number<warpnum::boost_backend<V::bits * 2, V::is_signed>, mp::et_off>;
    W w;
    mp::multiply(w, a, b);
    mpz_mul(r, ga, gb);
    if (w != wrap<W>(r)) return ::testing::AssertionFailure() << "multiply(wide, a, b)";
    return ::testing::AssertionSuccess();
  });
}

TEST(BoostBackend, ArithmeticAgainstGmp) {
  check_arithmetic<boost_int<256>>("boost_int<256>");
  check_arithmetic<boost_uint<512>>("boost_uint<512>");
  check_arithmetic<boost_int<1024>>("boost_int<1024>");
}

TEST(BoostBackend, TextWithBoostsFlags) {
  const boost_int<256> x("0x1fF");
  EXPECT_EQ(x, 511);
  EXPECT_EQ(boost_int<256>("0777"), 511);
  EXPECT_EQ(boost_int<256>("-12345"), -12345);
  EXPECT_EQ(x.str(0, std::ios_base::hex), "1ff");
  EXPECT_EQ(x.str(0, std::ios_base::hex | std::ios_base::showbase | std::ios_base::uppercase), "0X1FF");
  EXPECT_EQ(x.str(0, std::ios_base::oct | std::ios_base::showbase), "0777");
  EXPECT_EQ(x.str(0, std::ios_base::showpos), "+511");
  EXPECT_EQ(boost_int<256>(-5).str(0, std::ios_base::showpos), "-5");
  EXPECT_THROW((void)boost_int<256>(-5).str(0, std::ios_base::hex), std::runtime_error);
  EXPECT_THROW(boost_int<256>("12a"), std::runtime_error);
  EXPECT_THROW(boost_int<256>("0x1g"), std::runtime_error);
  EXPECT_THROW(boost_int<256>("+5"), std::runtime_error);
  std::ostringstream os;
  os << std::hex << std::showbase << boost_uint<512>(255) << ' ' << std::dec << boost_int<1024>(-42);
  EXPECT_EQ(os.str(), "0xff -42");
  // Every width's limits, printed in decimal, are GMP's.
  EXPECT_EQ(std::numeric_limits<boost_int<256>>::max().str(), "57896044618658097711785492504343953926634992332820282019728792003956564819967");
  EXPECT_EQ(std::numeric_limits<boost_int<256>>::min().str(), "-57896044618658097711785492504343953926634992332820282019728792003956564819968");
  EXPECT_EQ(std::numeric_limits<boost_int<256>>::digits, 255);
  EXPECT_EQ(std::numeric_limits<boost_uint<512>>::digits, 512);
  EXPECT_TRUE(std::numeric_limits<boost_uint<512>>::is_modulo);
}

TEST(BoostBackend, ConversionsByBoostsRules) {
  const boost_int<256> big = boost_int<256>(1) << 100;
  EXPECT_EQ(big.convert_to<long long>(), std::numeric_limits<long long>::max());     // signed targets saturate
  EXPECT_EQ((-big).convert_to<int>(), std::numeric_limits<int>::min());
  EXPECT_EQ((big + 7).convert_to<unsigned>(), 7u);                                    // unsigned: the low bits
  EXPECT_THROW((void)boost_int<256>(-1).convert_to<unsigned long>(), std::range_error);  // negative to unsigned
  EXPECT_DOUBLE_EQ(big.convert_to<double>(), 1267650600228229401496703205376.0);
  EXPECT_EQ(boost_int<256>(-3.75), -3);
  EXPECT_THROW(boost_int<256>(std::numeric_limits<double>::infinity()), std::runtime_error);
  // Wrapping: unsigned arithmetic modulo 2^Bits, and the two's complement range.
  EXPECT_EQ(boost_uint<512>(0) - 1, std::numeric_limits<boost_uint<512>>::max());
  EXPECT_EQ(std::numeric_limits<boost_int<256>>::max() + 1, std::numeric_limits<boost_int<256>>::min());
}

TEST(BoostBackend, ToAndFromCppIntMpzIntMpzClass) {
  warpnum::test::Rng rng(99);
  for (int i = 0; i < 200; ++i) {
    const boost_int<1024> x = from_value<boost_int<1024>>(warpnum::test::random_value<warpnum::BigInt<1024>>(rng));
    const mp::cpp_int c(x);
    const mp::mpz_int z(x);
    const mpz_class k = warpnum::to_mpz_class(x);
    EXPECT_EQ(c.str(), x.str());
    EXPECT_EQ(z.str(), x.str());
    EXPECT_EQ(k.get_str(), x.str());
    EXPECT_EQ(boost_int<1024>(c), x);
    EXPECT_EQ(boost_int<1024>(z), x);
    EXPECT_EQ(warpnum::from_mpz_class<boost_int<1024>>(k), x);
    const mp::int1024_t boost_fixed(x);  // Boost's own fixed-width type holds every value of ours
    EXPECT_EQ(boost_fixed.str(), x.str());
  }
  // Values wider than the type wrap, as Boost's unchecked types truncate.
  const mpz_class wide = (mpz_class(1) << 300) + 5;
  EXPECT_EQ(warpnum::from_mpz_class<boost_uint<256>>(wide), boost_uint<256>(5));
}

TEST(BoostBackend, Errors) {
  const boost_int<256> a = 5, zero = 0;
  EXPECT_THROW((void)(a / zero), std::overflow_error);
  EXPECT_THROW((void)(a % zero), std::overflow_error);
  EXPECT_THROW((void)powm(a, boost_int<256>(-1), boost_int<256>(7)), std::runtime_error);
  EXPECT_THROW((void)msb(zero), std::range_error);
  EXPECT_THROW((void)lsb(boost_int<256>(-4)), std::range_error);
  EXPECT_THROW((void)sqrt(boost_int<256>(-4)), std::range_error);
  EXPECT_EQ(msb(boost_int<256>(1) << 200), 200u);
  EXPECT_EQ(lsb(boost_int<256>(12)), 2u);
}

}  // namespace
