// SPDX-License-Identifier: Apache-2.0
// tests/boost/test_arithmetic_warpnum.cpp: Boost.Multiprecision 1.81's own arithmetic test
// (libs/multiprecision/test/test_arithmetic.hpp, fetched by scripts/fetch-boost-tests.sh, never committed) on
// warpnum's Boost backend, as Boost's test_arithmetic_cpp_int_*.cpp run it on cpp_int. tests/boost/CMakeLists.txt
// compiles it once a type: WARPNUM_BOOST_TEST_BITS, WARPNUM_BOOST_TEST_SIGNED (0 or 1) and WARPNUM_BOOST_TEST_ET
// (0: et_off, as warpnum::boost_int and boost_uint; 1: et_on) pick
// number<warpnum::boost_backend<Bits, Signed>, ET>.
#include <boost/version.hpp>

// Debian's Boost 1.74 in /usr/include must not shadow the fetched headers (CMake puts them first).
static_assert(BOOST_VERSION == 108100, "tests/boost must compile against the Boost 1.81 headers it fetched");

#include <warpnum/boost.hpp>

#include <boost/multiprecision/number.hpp>

#include <cstddef>
#include <type_traits>

#include "test_arithmetic.hpp"

namespace {

constexpr std::size_t tested_bits = WARPNUM_BOOST_TEST_BITS;
constexpr bool tested_signed = WARPNUM_BOOST_TEST_SIGNED != 0;
constexpr auto tested_et = WARPNUM_BOOST_TEST_ET ? boost::multiprecision::et_on : boost::multiprecision::et_off;

using Tested = boost::multiprecision::number<warpnum::boost_backend<tested_bits, tested_signed>, tested_et>;

static_assert(tested_et == boost::multiprecision::et_on ||
              std::is_same_v<Tested, std::conditional_t<tested_signed, warpnum::boost_int<tested_bits>,
                                                        warpnum::boost_uint<tested_bits>>>);

}  // namespace

// Mixed arithmetic with the number of half the width, as Boost's drivers pair int512_t with int256_t. BigInt is two's
// complement, which is test_arithmetic.hpp's default (is_twos_complement_integer).
template <std::size_t Bits, bool Signed, boost::multiprecision::expression_template_option ET>
struct related_type<boost::multiprecision::number<warpnum::boost_backend<Bits, Signed>, ET>> {
  using type = boost::multiprecision::number<warpnum::boost_backend<Bits / 2, Signed>, ET>;
};

int main() {
  test<Tested>();
  return boost::report_errors();
}
