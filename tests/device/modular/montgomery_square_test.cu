// SPDX-License-Identifier: Apache-2.0
// tests/device/modular/montgomery_square_test.cu: the device's Montgomery square (from 2 to 15 limbs the rows with
// each cross product once, detail::mont_sqr_rows; at 1 limb the product a a in unrolled rows, detail::mont_mul_rows;
// from 16 limbs the columns) against the host's square and product: at every limb count from 1 to 16 (the odd ones,
// where the rows' two chains differ in length, the fields' 8 and 12, 16, the first of the columns) and at 31.
// Moduli: random odd ones with and without the top bit, all ones, 2^(n-1) - 1, 2^(n-1) + 1, 3; operands below m,
// with m - 1, m - 2, 0, 1 and values whose top bit is set among them. (It was first written for an earlier fused
// square, the square's rows through the doubled operand interleaved with the reduction: that passed this test,
// failed the pow of the 1024-bit MontgomeryHostContext test, not diagnosed, and was slower:
// docs/results/2026-11-25.)
#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

template <class T> struct SquareIn {
  T x;  // below the context's modulus
};
template <class T> std::ostream& operator<<(std::ostream& os, const SquareIn<T>& in) {
  return os << "BigUInt<" << T::bits << ">: x = 0x" << to_string(in.x, 16);
}

/// sqr(x), sqr of the square (a chain of two), and mul(x, x), which must all agree with the host's.
template <class T> struct SquareOp {
  Montgomery<T::bits> ctx;
  struct Out {
    T sqr;
    T sqr2;
    T mul;
  };
  WARPNUM_HD Out operator()(const SquareIn<T>& in) const {
    const T s = ctx.sqr(in.x);
    return {s, ctx.sqr(s), ctx.mul(in.x, in.x)};
  }
};

template <class T> class MontgomerySquareDevice : public DeviceTest {};
TYPED_TEST_SUITE_P(MontgomerySquareDevice);

TYPED_TEST_P(MontgomerySquareDevice, MatchesHostSquareAndProduct) {
  using T = TypeParam;
  const std::uint64_t seed = mix_seed(base_seed() ^ (0x5a5aull + T::bits));
  Rng rng(seed);
  T top_plus_one{1u};
  top_plus_one.set_bit(T::bits - 1);
  // Both kinds of top bit: with the modulus' top bit set the square's operand may have its top bit set too.
  std::vector<T> moduli = {~T{}, top_plus_one, T{3u}, ~T{} >> 1};
  for (int k = 0; k < 4; ++k) {
    T m = random_value<T>(rng);
    m.set_bit(0);
    m.set_bit(T::bits - 1, k % 2 == 0);
    if (m > T{1u}) moduli.push_back(m);
  }
  for (const T& m : moduli) {
    const SquareOp<T> op{Montgomery<T::bits>(m)};
    std::vector<SquareIn<T>> in(512);
    for (std::size_t i = 0; i < in.size(); ++i) {
      T x;
      switch (i) {
        case 0: x = m - 1u; break;
        case 1: x = m - 2u; break;
        case 2: x = T{}; break;
        case 3: x = T{1u}; break;
        default: {
          x = random_value<T>(rng);
          if (i % 3 == 0) x.set_bit(T::bits - 1);  // reduced below, the top bit often stays (m near 2^bits)
          x = x % m;
        }
      }
      in[i] = {x};
    }
    const auto out = expect_device_matches_host(op, in, seed);
    for (std::size_t i = 0; i < in.size(); ++i) EXPECT_EQ(out[i].sqr, out[i].mul) << "input " << i << ": " << in[i];
  }
}

REGISTER_TYPED_TEST_SUITE_P(MontgomerySquareDevice, MatchesHostSquareAndProduct);

struct WidthName {
  template <class T> static std::string GetName(int) { return std::to_string(T::bits); }
};
using Widths = ::testing::Types<BigUInt<32>, BigUInt<64>, BigUInt<96>, BigUInt<128>, BigUInt<160>, BigUInt<192>,
                                BigUInt<224>, BigUInt<256>, BigUInt<288>, BigUInt<320>, BigUInt<352>, BigUInt<384>,
                                BigUInt<416>, BigUInt<448>, BigUInt<480>, BigUInt<512>, BigUInt<992>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Modular, MontgomerySquareDevice, Widths, WidthName);

}  // namespace
}  // namespace warpnum::test
