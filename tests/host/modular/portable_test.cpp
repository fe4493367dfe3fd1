// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/portable_test.cpp: the modular suite (modular_suite.hpp) with WARPNUM_NO_INT128, at 256, 1024
// and 2048 bits: the host then runs the 32-bit word algorithms that the device and constant evaluation run (all
// but the device's PTX rows and its out-of-line calls), checked against GMP at the widths where device tests
// have failed. Without this file the host suite only reaches those instantiations in constant evaluation, at
// small widths. (Compiling it also keeps the headers building for hosts without unsigned __int128.)
#define WARPNUM_NO_INT128 1
#include "host/modular/modular_suite.hpp"

static_assert(!WARPNUM_HAS_INT128, "WARPNUM_NO_INT128 must select the 32-bit host path");

namespace warpnum::test {
namespace {
using PortableTypes = ::testing::Types<BigUInt<256>, BigUInt<1024>, BigUInt<2048>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Portable, Modular, PortableTypes, TypeNames);
}  // namespace
}  // namespace warpnum::test
