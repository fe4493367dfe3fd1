// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/nvcc_host_test.cu: a smaller run of the differential suite (arith_suite.hpp: 300 cases per
// operation) and of the text and conversion checks at 96, 256 and 1024 bits, compiled by nvcc's host pass: the
// headers must behave there exactly as under g++ (WARPNUM_HD, WARPNUM_IF_ELSE_DEVICE and the host fast paths).
#define WARPNUM_TEST_CASES 300
#include "host/bigint/arith_suite.hpp"

#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

namespace warpnum::test {
namespace {

using NvccTypes = ::testing::Types<BigUInt<96>, BigInt<96>, BigUInt<256>, BigInt<256>, BigUInt<1024>, BigInt<1024>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Nvcc, Arith, NvccTypes, TypeNames);
INSTANTIATE_TYPED_TEST_SUITE_P(Nvcc, ArithGcd, NvccTypes, TypeNames);

template <class T> class NvccText : public ::testing::Test {};
TYPED_TEST_SUITE(NvccText, NvccTypes, TypeNames);

TYPED_TEST(NvccText, RoundTripAndConversions) {
  using T = TypeParam;
  const std::string what = type_name<T>() + " nvcc text";
  run_random_cases(what, seed_for(what), random_cases, [](Rng& rng, int i) {
    const T a = random_value<T>(rng);
    constexpr int bases[] = {2, 8, 10, 16, 36};
    ::testing::AssertionResult r = check_text(a, bases[i % 5]);
    if (!r) return r;
    const Mpz value = to_mpz(a);
    if (!(r = check_convert<BigInt<96>>(a, value))) return r;
    if (!(r = check_convert<BigUInt<2048>>(a, value))) return r;
    if (!(r = check_to_builtin<long long>(a))) return r;
    return check_from_builtin<T>(static_cast<long long>(rng.next()));
  });
}

}  // namespace
}  // namespace warpnum::test
