// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/stdlib_test.cpp: the standard library integration of BigUInt/BigInt (bigint/std.hpp): std::numeric_limits,
// std::hash, and the stream operators (base, showbase, uppercase, showpos, width, fill and adjustment on output;
// dec, hex, oct and prefix-detected bases on input), against GMP and against the built-in 64-bit integers.
#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <iomanip>
#include <ios>
#include <istream>
#include <limits>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace warpnum::test {
namespace {

template <class T> class Stdlib : public ::testing::Test {};
TYPED_TEST_SUITE(Stdlib, AllTypeList, TypeNames);

// ---- numeric_limits -----------------------------------------------------------------------------------------

TYPED_TEST(Stdlib, NumericLimits) {
  using T = TypeParam;
  using L = std::numeric_limits<T>;
  static_assert(L::is_specialized && L::is_integer && L::is_exact && L::is_bounded && L::is_modulo);
  static_assert(L::is_signed == T::is_signed && L::radix == 2);
  static_assert(!L::has_infinity && !L::has_quiet_NaN && !L::has_signaling_NaN && !L::is_iec559);
  static_assert(L::digits == static_cast<int>(T::bits) - (T::is_signed ? 1 : 0));
  static_assert(L::min() == T::min() && L::max() == T::max() && L::lowest() == T::min());
  static_assert(std::numeric_limits<const T>::digits == L::digits);

  // max = 2^digits - 1; min = -2^digits or 0.
  Mpz max;
  mpz_setbit(max, static_cast<mp_bitcnt_t>(L::digits));
  Mpz min;
  if (T::is_signed) mpz_neg(min, max);
  mpz_sub_ui(max, max, 1);
  EXPECT_TRUE(to_mpz(L::max()) == max);
  EXPECT_TRUE(to_mpz(L::min()) == min);
  EXPECT_TRUE(to_mpz(L::lowest()) == min);

  // digits10: the most decimal digits that always fit: the largest d with 10^d <= 2^digits.
  Mpz p;
  mpz_ui_pow_ui(p, 10, static_cast<unsigned long>(L::digits10));
  Mpz two;
  mpz_setbit(two, static_cast<mp_bitcnt_t>(L::digits));
  EXPECT_LE(mpz_cmp(p, two), 0) << "digits10 = " << L::digits10 << " is too large";
  mpz_mul_ui(p, p, 10);
  EXPECT_GT(mpz_cmp(p, two), 0) << "digits10 = " << L::digits10 << " is too small";
}

// ---- hash ---------------------------------------------------------------------------------------------------

TYPED_TEST(Stdlib, HashEqualValuesHashEqual) {
  using T = TypeParam;
  const std::hash<T> h;
  Rng rng(seed_for(type_name<T>() + " hash"));
  for (int i = 0; i < 2000; ++i) {
    const T a = random_value<T>(rng);
    const T copy = a;
    const T parsed = from_string<T>(to_string(a, 16), 16);
    const T via_bytes = from_bytes<T>(to_bytes(a).data(), T::bits / 8);
    const T via_arith = (a + T{7}) - T{7};
    EXPECT_EQ(h(a), h(copy));
    EXPECT_EQ(h(a), h(parsed));
    EXPECT_EQ(h(a), h(via_bytes));
    EXPECT_EQ(h(a), h(via_arith));
  }
}

TYPED_TEST(Stdlib, HashDistinctValuesRarelyCollide) {
  using T = TypeParam;
  // Structured values, the hard case for a weak hash: small integers, single bits, all-ones runs, their
  // negations, plus random values.
  std::set<std::vector<std::uint32_t>> seen;
  std::vector<T> values;
  const auto add = [&](const T& x) {
    if (seen.insert(std::vector<std::uint32_t>(x.data(), x.data() + T::num_limbs)).second) values.push_back(x);
  };
  for (int i = 0; i < 4096; ++i) add(T{i});
  for (std::size_t k = 0; k < T::bits; ++k) {
    add(T{1} << k);
    add((T{1} << k) - T{1});
    add(-(T{1} << k));
  }
  Rng rng(seed_for(type_name<T>() + " hash collisions"));
  while (values.size() < 20000) add(random_value<T>(rng));
  const std::hash<T> h;
  std::unordered_set<std::size_t> hashes;
  std::unordered_set<std::size_t> low_bits;
  for (const T& x : values) {
    hashes.insert(h(x));
    low_bits.insert(h(x) & 0xffff);
  }
  EXPECT_EQ(hashes.size(), values.size()) << "full 64-bit hash collisions among " << values.size() << " distinct values";
  // A good hash fills 65536 buckets with n values to 65536 * (1 - exp(-n / 65536)): about 17,400 for n = 20000.
  EXPECT_GT(low_bits.size(), 16500u) << "the low 16 bits of the hash are poorly spread";
}

TEST(Stdlib, HashKeysUnorderedContainers) {
  std::unordered_map<BigInt<256>, int> m;
  for (int i = -500; i < 500; ++i) m[BigInt<256>{i} << 100] = i;
  EXPECT_EQ(m.size(), 1000u);
  for (int i = -500; i < 500; ++i) EXPECT_EQ(m.at(BigInt<256>{i} << 100), i);
}

// ---- output ---------------------------------------------------------------------------------------------------

/// The text operator<< must write for a value v of a type of the given signedness with these flags: sign and
/// magnitude in every base ('-' then the base prefix, as to_string does); '+' under showpos only for a signed
/// type in decimal (as for the built-in integers); showbase adds 0x/0X or 0 except to zero; padding to the width
/// with the fill before everything (right), after everything (left), or (internal) after the sign and after a
/// 0x/0X prefix, but not after octal's 0, which is part of the number ([facet.num.put.virtuals], stage 3).
std::string expected_output(mpz_srcptr v, bool type_signed, std::ios_base::fmtflags f, std::streamsize width, char fill) {
  const auto basefield = f & std::ios_base::basefield;
  const int base = basefield == std::ios_base::hex ? 16 : basefield == std::ios_base::oct ? 8 : 10;
  Mpz magnitude;
  mpz_abs(magnitude, v);
  std::string digits = gmp_text(magnitude, base);
  if ((f & std::ios_base::uppercase) != 0) digits = upper(digits);
  std::string prefix;
  if (mpz_sgn(v) < 0) {
    prefix = "-";
  } else if ((f & std::ios_base::showpos) != 0 && base == 10 && type_signed) {
    prefix = "+";
  }
  if ((f & std::ios_base::showbase) != 0 && mpz_sgn(v) != 0) {
    if (base == 16) prefix += (f & std::ios_base::uppercase) != 0 ? "0X" : "0x";
    if (base == 8) digits = "0" + digits;
  }
  const std::size_t len = prefix.size() + digits.size();
  const std::size_t pad = width > 0 && static_cast<std::size_t>(width) > len ? static_cast<std::size_t>(width) - len : 0;
  const auto adjust = f & std::ios_base::adjustfield;
  if (adjust == std::ios_base::left) return prefix + digits + std::string(pad, fill);
  if (adjust == std::ios_base::internal) return prefix + std::string(pad, fill) + digits;
  return std::string(pad, fill) + prefix + digits;
}

/// Format flags: every combination of base, showbase, uppercase, showpos and adjustment.
std::vector<std::ios_base::fmtflags> all_flags() {
  std::vector<std::ios_base::fmtflags> out;
  for (const auto base : {std::ios_base::dec, std::ios_base::hex, std::ios_base::oct, std::ios_base::fmtflags{}}) {
    for (const auto adjust : {std::ios_base::fmtflags{}, std::ios_base::left, std::ios_base::right, std::ios_base::internal}) {
      for (int extra = 0; extra < 8; ++extra) {
        std::ios_base::fmtflags f = base | adjust;
        if (extra & 1) f |= std::ios_base::showbase;
        if (extra & 2) f |= std::ios_base::uppercase;
        if (extra & 4) f |= std::ios_base::showpos;
        out.push_back(f);
      }
    }
  }
  return out;
}

template <class V> std::string stream_out(const V& v, std::ios_base::fmtflags f, std::streamsize width, char fill) {
  std::ostringstream os;
  os.flags(f);
  os.width(width);
  os.fill(fill);
  os << v;
  if (os.width() != 0) return "<width not reset>";
  return os.str();
}

/// One random case for comparing stream output with the built-in 64-bit types.
struct BuiltinOutputCase {
  std::int64_t s;
  std::uint64_t u;
  std::ios_base::fmtflags f;
  std::streamsize width;
  char fill;
  /// Whether the built-ins print s as sign and magnitude (they print negative hex and octal in two's complement).
  bool signed_comparable() const {
    const auto b = f & std::ios_base::basefield;
    return s >= 0 || b == std::ios_base::dec || b == std::ios_base::fmtflags{};
  }
};

BuiltinOutputCase random_output_case(Rng& rng, const std::vector<std::ios_base::fmtflags>& flags) {
  BuiltinOutputCase c;
  c.s = static_cast<std::int64_t>(rng.next()) >> rng.below(64);
  c.u = rng.next() >> rng.below(64);
  c.f = flags[rng.below(flags.size())];
  c.width = static_cast<std::streamsize>(rng.below(30));
  c.fill = rng.chance(1, 2) ? '*' : ' ';
  return c;
}

// The oracle above agrees with the built-in integers wherever their rules coincide (non-negative values in every
// base, negative values in decimal); the built-ins print negative hex and octal in two's complement.
TEST(Stdlib, OutputOracleMatchesBuiltins) {
  Rng rng(seed_for("output oracle"));
  const auto flags = all_flags();
  for (int i = 0; i < 2000; ++i) {
    const auto c = random_output_case(rng, flags);
    if (c.signed_comparable()) {
      EXPECT_EQ(expected_output(mpz_of(c.s), true, c.f, c.width, c.fill), stream_out(c.s, c.f, c.width, c.fill)) << c.s;
    }
    EXPECT_EQ(expected_output(mpz_of(c.u), false, c.f, c.width, c.fill), stream_out(c.u, c.f, c.width, c.fill)) << c.u;
  }
}

// BigInt<64> and BigUInt<64> print exactly like std::int64_t and std::uint64_t, where those print sign and magnitude.
TEST(Stdlib, OutputMatchesBuiltins) {
  Rng rng(seed_for("output builtins"));
  const auto flags = all_flags();
  for (int i = 0; i < 20000; ++i) {
    const auto c = random_output_case(rng, flags);
    if (c.signed_comparable()) {
      ASSERT_EQ(stream_out(BigInt<64>{c.s}, c.f, c.width, c.fill), stream_out(c.s, c.f, c.width, c.fill))
          << "BigInt<64> " << c.s << ", flags " << std::hex << c.f << std::dec << ", width " << c.width;
    }
    ASSERT_EQ(stream_out(BigUInt<64>{c.u}, c.f, c.width, c.fill), stream_out(c.u, c.f, c.width, c.fill))
        << "BigUInt<64> " << c.u << ", flags " << std::hex << c.f << std::dec << ", width " << c.width;
  }
}

// showpos puts no '+' before an unsigned value (the built-in unsigned types follow printf, where '+' applies to
// signed conversions only).
TEST(Stdlib, ShowposUnsigned) {
  EXPECT_EQ(stream_out(BigUInt<64>{5u}, std::ios_base::dec | std::ios_base::showpos, 0, ' '),
            stream_out(std::uint64_t{5}, std::ios_base::dec | std::ios_base::showpos, 0, ' '));
  EXPECT_EQ(stream_out(BigUInt<256>{5u}, std::ios_base::dec | std::ios_base::showpos, 0, ' '), "5");
  EXPECT_EQ(stream_out(BigInt<256>{5}, std::ios_base::dec | std::ios_base::showpos, 0, ' '), "+5");
}

// Internal adjustment pads after the sign and after 0x/0X, but octal's 0 is part of the number: the padding goes
// before it, as for the built-in integers ([facet.num.put.virtuals], stage 3).
TEST(Stdlib, OctalShowbaseInternal) {
  const auto f = std::ios_base::oct | std::ios_base::showbase | std::ios_base::internal;
  EXPECT_EQ(stream_out(BigUInt<64>{8u}, f, 6, '*'), stream_out(std::uint64_t{8}, f, 6, '*'));  // "***010"
  EXPECT_EQ(stream_out(BigInt<64>{8}, f, 6, '*'), stream_out(std::int64_t{8}, f, 6, '*'));
  EXPECT_EQ(stream_out(BigInt<256>{-8}, f, 6, '*'), "-**010");
  EXPECT_EQ(stream_out(BigInt<256>{0x1f}, std::ios_base::hex | std::ios_base::showbase | std::ios_base::internal, 6, '*'),
            "0x**1f");
}

TYPED_TEST(Stdlib, Output) {
  using T = TypeParam;
  const int cases = T::bits <= 1024 ? 20000 : 2000;  // each costs O(Bits^2); to_chars is tested at 20,000 in text_test
  const auto flags = all_flags();
  const std::string what = type_name<T>() + " operator<<";
  run_random_cases(what, seed_for(what), cases, [&](Rng& rng, int) -> ::testing::AssertionResult {
    const T a = random_value<T>(rng);
    const auto f = flags[rng.below(flags.size())];
    const std::streamsize width = rng.chance(1, 2) ? 0 : static_cast<std::streamsize>(rng.below(T::bits / 2));
    const char fill = rng.chance(1, 2) ? '_' : ' ';
    const std::string want = expected_output(to_mpz(a), T::is_signed, f, width, fill);
    const std::string got = stream_out(a, f, width, fill);
    if (want == got) return pass();
    return ::testing::AssertionFailure() << "a = " << show(a) << ", flags " << std::hex << f << std::dec << ", width "
                                         << width << ": got \"" << got << "\", expected \"" << want << "\"";
  });
}

TEST(Stdlib, OutputExamples) {
  std::ostringstream os;
  os << std::showbase << std::hex << std::uppercase << BigInt<128>{-255} << ' ' << std::nouppercase << BigUInt<128>{}
     << ' ' << std::oct << BigUInt<128>{8u} << ' ' << std::dec << std::showpos << BigInt<128>{0} << ' '
     << std::internal << std::setfill('0');
  os.width(8);
  os << BigInt<128>{-42};
  os << ' ';
  os.width(10);
  os << std::hex << BigInt<128>{255};
  os << ' ' << BigInt<128>{1};  // the width applied once
  EXPECT_EQ(os.str(), "-0XFF 0 010 +0 -0000042 0x000000ff 0x1");
  std::wostringstream wos;
  wos << BigInt<256>{-1234567} << L' ' << std::hex << BigUInt<256>{0xabcu};
  EXPECT_EQ(wos.str(), L"-1234567 abc");
}

// ---- input ----------------------------------------------------------------------------------------------------

template <class T> ::testing::AssertionResult check_stream_round_trip(const T& a, std::ios_base::fmtflags out_base, bool showbase,
                                                                      std::ios_base::fmtflags in_base) {
  std::stringstream ss;
  ss.setf(out_base, std::ios_base::basefield);
  if (showbase) ss.setf(std::ios_base::showbase);
  ss << "  " << a << " tail";
  ss.setf(in_base, std::ios_base::basefield);  // keeps skipws
  T b{};
  std::string tail;
  ss >> b >> tail;
  if (!ss.fail() && b == a && tail == "tail") return pass();
  return ::testing::AssertionFailure() << "a = " << show(a) << " written as \"" << ss.str() << "\", read back as " << show(b)
                                       << (ss.fail() ? " (failbit)" : "");
}

TYPED_TEST(Stdlib, InputRoundTrip) {
  using T = TypeParam;
  const int cases = T::bits <= 1024 ? 20000 : 2000;
  const std::string what = type_name<T>() + " operator>>";
  const std::ios_base::fmtflags none{};
  run_random_cases(what, seed_for(what), cases, [&](Rng& rng, int i) {
    const T a = random_value<T>(rng);
    switch (i % 6) {
      case 0: return check_stream_round_trip(a, std::ios_base::dec, false, std::ios_base::dec);
      case 1: return check_stream_round_trip(a, std::ios_base::hex, false, std::ios_base::hex);
      case 2: return check_stream_round_trip(a, std::ios_base::hex, true, std::ios_base::hex);  // 0x accepted
      case 3: return check_stream_round_trip(a, std::ios_base::oct, false, std::ios_base::oct);
      case 4: return check_stream_round_trip(a, std::ios_base::hex, true, none);  // detected from 0x
      default: return check_stream_round_trip(a, std::ios_base::dec, false, none);
    }
  });
}

/// Reads text with the given base flags; returns the value, or nullopt-like failure via `ok`.
template <class T> T read(const std::string& text, std::ios_base::fmtflags base, bool& ok, bool* eof = nullptr) {
  std::istringstream in(text);
  in.setf(base, std::ios_base::basefield);
  T v{};
  in >> v;
  ok = !in.fail();
  if (eof) *eof = in.eof();
  return v;
}

TEST(Stdlib, InputBases) {
  bool ok = false;
  const std::ios_base::fmtflags none{};
  using I = BigInt<128>;
  EXPECT_EQ(read<I>("0x1f", none, ok), I{31});
  EXPECT_TRUE(ok);
  EXPECT_EQ(read<I>("-0X1F", none, ok), I{-31});
  EXPECT_EQ(read<I>("0b101", none, ok), I{5});
  EXPECT_EQ(read<I>("0B101", none, ok), I{5});
  EXPECT_EQ(read<I>("0o17", none, ok), I{15});
  EXPECT_EQ(read<I>("017", none, ok), I{17});  // no octal by a leading 0: decimal without a letter prefix
  EXPECT_EQ(read<I>("-0", none, ok), I{});
  EXPECT_EQ(read<I>("0", none, ok), I{});
  EXPECT_TRUE(ok);
  EXPECT_EQ(read<I>("1f", std::ios_base::hex, ok), I{31});
  EXPECT_EQ(read<I>("0x1f", std::ios_base::hex, ok), I{31});
  EXPECT_EQ(read<I>("-0x1f", std::ios_base::hex, ok), I{-31});
  EXPECT_EQ(read<I>("-17", std::ios_base::oct, ok), I{-15});
  EXPECT_EQ(read<I>("0x1f", std::ios_base::dec, ok), I{});  // decimal stops at 'x'
  EXPECT_TRUE(ok);
  EXPECT_EQ(read<I>("0b1", std::ios_base::hex, ok), I{0xb1});  // b is a hex digit, not a prefix, in hex mode
  // eofbit when the digits run to the end of the input, not when a non-digit stops them.
  bool eof = false;
  EXPECT_EQ(read<BigUInt<64>>("123", std::ios_base::dec, ok, &eof), BigUInt<64>{123u});
  EXPECT_TRUE(ok && eof);
  EXPECT_EQ(read<BigUInt<64>>("123 ", std::ios_base::dec, ok, &eof), BigUInt<64>{123u});
  EXPECT_TRUE(ok && !eof);
  // Several values in a row, separated by white space.
  std::istringstream in("1 -2\n\t3");
  I a;
  I b;
  I c;
  in >> a >> b >> c;
  EXPECT_TRUE(!in.fail() && a == I{1} && b == I{-2} && c == I{3});
}

// BigInt<64> and BigUInt<64> read decimal, hexadecimal and octal text like std::int64_t and std::uint64_t.
TEST(Stdlib, InputMatchesBuiltins) {
  Rng rng(seed_for("input builtins"));
  for (int i = 0; i < 20000; ++i) {
    const std::int64_t s = static_cast<std::int64_t>(rng.next()) >> rng.below(64);
    const auto base = i % 3 == 0 ? std::ios_base::dec : i % 3 == 1 ? std::ios_base::hex : std::ios_base::oct;
    std::ostringstream os;
    os.flags(base | (rng.chance(1, 2) ? std::ios_base::showbase : std::ios_base::fmtflags{}));
    os << (s < 0 ? "-" : "") << (s < 0 ? 0 - static_cast<std::uint64_t>(s) : static_cast<std::uint64_t>(s)) << "z";
    std::istringstream a(os.str());
    std::istringstream b(os.str());
    a.setf(base, std::ios_base::basefield);
    b.setf(base, std::ios_base::basefield);
    std::int64_t want = 0;
    BigInt<64> got{};
    a >> want;
    b >> got;
    ASSERT_EQ(a.fail(), b.fail()) << os.str();
    if (!a.fail()) {
      ASSERT_EQ(got, BigInt<64>{want}) << os.str();
    }
    ASSERT_EQ(a.peek(), b.peek()) << os.str();
  }
}

}  // namespace
}  // namespace warpnum::test
