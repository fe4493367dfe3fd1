// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/out_of_memory_test.cpp: out_of_memory.hpp on the host: Integer and Batch asked for more host
// memory than the process can address throw warpnum::OutOfMemory (a std::bad_alloc that names the size and the
// place), the operands are unchanged and the library keeps working; a batch whose bytes do not fit a size_t throws
// before allocating. (Under AddressSanitizer this test runs with allocator_may_return_null=1, so that the
// sanitizer's allocator fails as the C library's does.)
#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/integer.hpp>
#include <warpnum/out_of_memory.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <type_traits>

namespace {

using warpnum::Integer;
using warpnum::OutOfMemory;
using warpnum::Place;

static_assert(std::is_base_of_v<std::bad_alloc, OutOfMemory>);
static_assert(std::is_nothrow_copy_constructible_v<OutOfMemory>);

// Past the 2^47 bytes of a process's x86-64 or AArch64 address space, and past AddressSanitizer's largest block.
constexpr std::size_t unaddressable_bits = std::size_t{8} << 50;  // a shift that asks for 2^50 bytes of limbs

TEST(OutOfMemory, NamesSizeAndPlace) {
  const OutOfMemory e(std::size_t{3} << 30, Place::device);
  EXPECT_EQ(e.bytes(), std::size_t{3} << 30);
  EXPECT_EQ(e.place(), Place::device);
  const std::string what = e.what();
  EXPECT_NE(what.find("out of device memory"), std::string::npos) << what;
  EXPECT_NE(what.find("3221225472 bytes (3.0 GiB)"), std::string::npos) << what;
  const OutOfMemory unsized(SIZE_MAX, Place::host);
  EXPECT_NE(std::string(unsized.what()).find("does not fit a size_t"), std::string::npos) << unsized.what();
}

TEST(OutOfMemory, IntegerShiftPastAddressSpace) {
  const Integer a(12345, Place::host);
  try {
    const Integer r = a << unaddressable_bits;
    FAIL() << "a result of 2^50 bytes was allocated";
  } catch (const OutOfMemory& e) {
    // (1 + 2^50 / 4 + 1) limbs of 4 bytes: a's one limb, the shift's whole limbs and one for the bits out.
    EXPECT_EQ(e.bytes(), 4 * (std::size_t{1} + (unaddressable_bits / 32) + 1));
    EXPECT_EQ(e.place(), Place::host);
    EXPECT_NE(std::string(e.what()).find("out of host memory"), std::string::npos) << e.what();
  }
  // Catchable as what it derives from, with the operand intact and the library working.
  EXPECT_THROW((void)(a << unaddressable_bits), std::bad_alloc);
  EXPECT_EQ(a, Integer(12345, Place::host));
  EXPECT_EQ((a << 64) >> 64, a);
  EXPECT_EQ(to_string(a * a), "152399025");
}

TEST(OutOfMemory, BatchPastAddressSpace) {
  using T = warpnum::BigUInt<256>;
  const std::size_t n = (std::size_t{1} << 50) / sizeof(T);
  try {
    const warpnum::Batch<T> b(n, Place::host);
    FAIL() << "a batch of 2^50 bytes was allocated";
  } catch (const OutOfMemory& e) {
    EXPECT_EQ(e.place(), Place::host);
    EXPECT_GE(e.bytes(), n * sizeof(T));
  }
  const warpnum::Batch<T> small(4, T(7), Place::host);
  EXPECT_EQ(small.to_vector()[3], T(7));
}

TEST(OutOfMemory, BatchBytesPastSizeT) {
  using T = warpnum::BigUInt<1024>;
  EXPECT_EQ(warpnum::Batch<T>::max_size(), (SIZE_MAX - 32) / sizeof(T));
  // n sizeof(T) wraps around for this n: without the check the batch would get a few bytes for 2^57 elements.
  const std::size_t n = warpnum::Batch<T>::max_size() + 1;
  try {
    const warpnum::Batch<T> b(n, Place::host);
    FAIL() << "a batch of more bytes than a size_t counts was made";
  } catch (const OutOfMemory& e) {
    EXPECT_EQ(e.bytes(), SIZE_MAX);
    EXPECT_EQ(e.place(), Place::host);
  }
  const std::size_t wraps = (SIZE_MAX / sizeof(T)) + 2;  // n sizeof(T) mod 2^64 = 128
  EXPECT_THROW(warpnum::Batch<T>(wraps, Place::host), OutOfMemory);
}

}  // namespace
