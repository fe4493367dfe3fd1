// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/bytes_test.cpp: bigint/bytes.hpp's to_bytes (both overloads) and from_bytes, little and big
// endian, against mpz_export and mpz_import: every byte position, every input length from 0 to Bits / 8 (limb
// boundaries, zero extension: a short input is never negative), inputs longer than the type (zero excess reads
// back; any other excess byte, wherever it is, throws std::out_of_range, docs/errors.md), round trips through
// wider and narrower types, the default byte order, and fixed values in constant evaluation. At 32, 96 (an odd
// number of limbs), 256 and 4096 bits, signed and unsigned.
#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"
#include "cases/thrown.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/bigint/bytes.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

// ---- constant evaluation -----------------------------------------------------------------------------------------

constexpr bool fixed_bytes() {
  using U = BigUInt<96>;
  using S = BigInt<96>;
  constexpr U x{"0x0102030405060708090a0b0c"};
  const std::array<std::uint8_t, 12> le = to_bytes(x);
  const std::array<std::uint8_t, 12> be = to_bytes(x, std::endian::big);
  bool ok = le[0] == 0x0c && le[11] == 0x01 && be[0] == 0x01 && be[11] == 0x0c && le[4] == 0x08 && be[4] == 0x05;
  ok = ok && from_bytes<U>(le.data(), 12) == x && from_bytes<U>(be.data(), 12, std::endian::big) == x;
  // Five bytes (a limb and one byte): the low five of either order, zero-extended.
  ok = ok && from_bytes<U>(le.data(), 5) == U{0x08090a0b0cull};
  ok = ok && from_bytes<U>(be.data(), 5, std::endian::big) == U{0x0102030405ull};
  // All ones: -1 for BigInt from 12 bytes, 2^88 - 1 (not negative) from 11.
  const std::uint8_t ones[13] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00};
  ok = ok && from_bytes<S>(ones, 12) == S{-1} && from_bytes<S>(ones, 11) == S{(U{1u} << 88) - 1u};
  ok = ok && from_bytes<S>(ones, 13) == S{-1};  // a zero excess byte
  std::uint8_t out[12] = {};
  to_bytes(S{-2}, out, std::endian::big);
  return ok && out[11] == 0xfe && out[0] == 0xff && from_bytes<U>(ones, 0) == U{};
}
static_assert(fixed_bytes());

TEST(BytesConstexpr, SameValuesAtRunTime) { EXPECT_TRUE(fixed_bytes()); }

// ---- against GMP ------------------------------------------------------------------------------------------------

template <class T> class Bytes : public ::testing::Test {};
using BytesTypes = ::testing::Types<BigUInt<32>, BigInt<32>, BigUInt<96>, BigInt<96>, BigUInt<256>, BigInt<256>,
                                    BigUInt<4096>, BigInt<4096>>;
TYPED_TEST_SUITE(Bytes, BytesTypes, TypeNames);

constexpr std::endian orders[] = {std::endian::little, std::endian::big};
const char* order_name(std::endian order) { return order == std::endian::little ? "little" : "big"; }

/// The value of `size` bytes in the given order (mpz_import: one byte a word, order -1 least significant first).
Mpz imported(const std::uint8_t* data, std::size_t size, std::endian order) {
  Mpz z;
  mpz_import(z, size, order == std::endian::little ? -1 : 1, 1, 0, 0, data);
  return z;
}

/// from_bytes<T>(data, size, order) against mpz_import for size <= Bits / 8: the same bit pattern, and for a
/// short input a value that is not negative.
template <class T>
::testing::AssertionResult check_from_bytes(const std::vector<std::uint8_t>& data, std::size_t size, std::endian order) {
  const auto operands = [&] {
    return std::string(order_name(order)) + " endian, " + std::to_string(size) + " bytes " + oracle::to_text(imported(data.data(), size, order));
  };
  const T got = from_bytes<T>(data.data(), size, order);
  const Mpz want = imported(data.data(), size, order);
  WARPNUM_TEST_CHECK(same_value("from_bytes(data, size, order)", want, got, operands));
  if (size < T::bits / 8 && got.is_negative()) return fail(type_name<T>() + ": a short input read as negative", operands);
  return pass();
}

// Each byte position alone with the values 0x01, 0x80 and 0xff: byte i is bits 8i .. 8i + 7 (little endian) or
// the i-th from the end (big endian), across every limb boundary; to_bytes puts it back in place.
TYPED_TEST(Bytes, EveryBytePosition) {
  using T = TypeParam;
  constexpr std::size_t n = T::bits / 8;
  for (const std::endian order : orders) {
    for (std::size_t i = 0; i < n; ++i) {
      for (const std::uint8_t v : {std::uint8_t{0x01}, std::uint8_t{0x80}, std::uint8_t{0xff}}) {
        std::vector<std::uint8_t> data(n, 0);
        data[i] = v;
        ASSERT_TRUE(check_from_bytes<T>(data, n, order)) << "byte " << i;
        const std::array<std::uint8_t, n> back = to_bytes(from_bytes<T>(data.data(), n, order), order);
        ASSERT_TRUE(std::equal(back.begin(), back.end(), data.begin())) << order_name(order) << " endian, byte " << i;
      }
    }
  }
}

// Random bytes of every length from 0 to Bits / 8, in both orders, against mpz_import; the big-endian reading of
// the reversed bytes is the little-endian reading.
TYPED_TEST(Bytes, EveryLength) {
  using T = TypeParam;
  constexpr std::size_t n = T::bits / 8;
  Rng rng(seed_for("from_bytes lengths", T::bits));
  const int per_length = n <= 32 ? 16 : 2;
  for (std::size_t size = 0; size <= n; ++size) {
    for (int c = 0; c < per_length; ++c) {
      std::vector<std::uint8_t> data(size + 1);  // never empty, so data() points at storage
      for (auto& b : data) b = c % 4 == 0 ? std::uint8_t{0xff} : static_cast<std::uint8_t>(rng.next());
      for (const std::endian order : orders) ASSERT_TRUE(check_from_bytes<T>(data, size, order)) << "case " << c;
      const std::vector<std::uint8_t> reversed(data.rend() - static_cast<std::ptrdiff_t>(size), data.rend());
      ASSERT_EQ(from_bytes<T>(reversed.data(), size, std::endian::big), from_bytes<T>(data.data(), size)) << size << " bytes";
    }
  }
}

// to_bytes of the edge values and random_value shapes against mpz_export, both orders and both overloads, with
// from_bytes back (cases/bigint_checks.hpp's check_bytes), for prefixes of every length of each value.
TYPED_TEST(Bytes, ToBytesAgainstExport) {
  using T = TypeParam;
  constexpr std::size_t n = T::bits / 8;
  Rng rng(seed_for("to_bytes", T::bits));
  std::vector<T> values = edge_values<T>();
  for (int i = 0; i < 40; ++i) values.push_back(random_value<T>(rng));
  const std::size_t step = n <= 32 ? 1 : n / 16 + 1;
  run_edge_cases(type_name<T>() + " to_bytes", values, [&](const T& a) {
    for (std::size_t size = 0; size <= n; size += step) WARPNUM_TEST_CHECK(check_bytes(a, size));
    return check_bytes(a, n);
  });
}

// The byte order defaults to little endian in all three functions.
TYPED_TEST(Bytes, DefaultOrderIsLittle) {
  using T = TypeParam;
  constexpr std::size_t n = T::bits / 8;
  Rng rng(seed_for("bytes default order", T::bits));
  for (int c = 0; c < 20; ++c) {
    const T a = random_value<T>(rng);
    const std::array<std::uint8_t, n> le = to_bytes(a, std::endian::little);
    EXPECT_EQ(to_bytes(a), le);
    std::array<std::uint8_t, n> out{};
    to_bytes(a, out.data());
    EXPECT_EQ(out, le);
    EXPECT_EQ(from_bytes<T>(le.data(), n), a);
    EXPECT_EQ(from_bytes<T>(le.data(), n / 2), from_bytes<T>(le.data(), n / 2, std::endian::little));
  }
}

// Longer inputs than the type: zero excess bytes (1 to 9 of them, or as many as the value's own) read back as
// the value; a non-zero byte anywhere in the excess throws std::out_of_range naming from_bytes, in both orders.
TYPED_TEST(Bytes, LongerThanTheType) {
  using T = TypeParam;
  constexpr std::size_t n = T::bits / 8;
  Rng rng(seed_for("from_bytes long", T::bits));
  for (const std::size_t extra : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{4}, std::size_t{5},
                                  std::size_t{9}, n, 2 * n}) {
    const T a = random_value<T>(rng);
    const std::array<std::uint8_t, n> le = to_bytes(a);
    std::vector<std::uint8_t> longer(le.begin(), le.end());
    longer.resize(n + extra, 0);  // the excess on the most significant side
    const std::vector<std::uint8_t> longer_be(longer.rbegin(), longer.rend());
    EXPECT_EQ(from_bytes<T>(longer.data(), longer.size()), a) << extra << " zero bytes more";
    EXPECT_EQ(from_bytes<T>(longer_be.data(), longer_be.size(), std::endian::big), a) << extra << " zero bytes more";
    for (std::size_t pos = n; pos < n + extra; ++pos) {
      for (const std::uint8_t v : {std::uint8_t{0x01}, std::uint8_t{0x80}, std::uint8_t{0xff}}) {
        std::vector<std::uint8_t> bad = longer;
        bad[pos] = v;
        const std::string le_what = thrown_message<std::out_of_range>([&] { (void)from_bytes<T>(bad.data(), bad.size()); });
        EXPECT_NE(le_what.find("from_bytes"), std::string::npos) << "little endian, excess byte " << pos << ": " << le_what;
        const std::vector<std::uint8_t> bad_be(bad.rbegin(), bad.rend());
        const std::string be_what =
            thrown_message<std::out_of_range>([&] { (void)from_bytes<T>(bad_be.data(), bad_be.size(), std::endian::big); });
        EXPECT_NE(be_what.find("from_bytes"), std::string::npos) << "big endian, excess byte " << pos << ": " << be_what;
      }
    }
  }
}

// The bytes of a value read by a wider type (zero-extended: a negative BigInt becomes its unsigned pattern) and
// by a 32-bit type (fits when the value is below 2^32, else std::out_of_range).
TYPED_TEST(Bytes, OtherWidths) {
  using T = TypeParam;
  using Wider = BigInt<T::bits + 32>;
  using Narrow = BigUInt<32>;
  Rng rng(seed_for("bytes other widths", T::bits));
  std::vector<T> values = edge_values<T>();
  for (int i = 0; i < 20; ++i) values.push_back(random_value<T>(rng));
  run_edge_cases(type_name<T>() + " bytes into other widths", values, [](const T& a) {
    const auto operands = [&] { return "a = " + show(a); };
    const Mpz pattern = oracle::pattern(to_mpz(a), T::bits);
    for (const std::endian order : orders) {
      const auto bytes = to_bytes(a, order);
      WARPNUM_TEST_CHECK(same_value("from_bytes<wider>(to_bytes(a))", pattern, from_bytes<Wider>(bytes.data(), bytes.size(), order), operands));
      if (mpz_sizeinbase(pattern, 2) <= 32) {
        WARPNUM_TEST_CHECK(same_value("from_bytes<BigUInt<32>>(to_bytes(a))", pattern, from_bytes<Narrow>(bytes.data(), bytes.size(), order), operands));
      } else {
        const std::string what = thrown_message<std::out_of_range>([&] { (void)from_bytes<Narrow>(bytes.data(), bytes.size(), order); });
        if (what.find("from_bytes") == std::string::npos) return fail(std::string("from_bytes<BigUInt<32>> of a wider value: ") + what, operands);
      }
    }
    return pass();
  });
}

}  // namespace
}  // namespace warpnum::test
