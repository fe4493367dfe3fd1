// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/out_of_memory_test.cu: out_of_memory.hpp on the GPU. An Integer result and a Batch larger than
// the device's whole memory, and a product whose transform scratch does not fit what is left of it, throw
// warpnum::OutOfMemory (a std::bad_alloc naming the size and Place::device); the operands are unchanged, and the
// same product is right against GMP once the memory is back. A division whose graph (src/huge/division_graphs.cu)
// is made or run with 16 MiB of free memory is right or throws warpnum::OutOfMemory, and right once the memory is
// back. Skips where there is no GPU.
#include "../kernel_check.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/integer.hpp>
#include <warpnum/out_of_memory.hpp>

#include "../../../src/huge/division_graphs.hpp"

#include <cuda_runtime.h>
#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>

namespace {

using warpnum::Integer;
using warpnum::OutOfMemory;
using warpnum::Place;

class OutOfDeviceMemory : public warpnum::test::DeviceTest {};

/// Device memory taken with cudaMalloc, outside the library's pool, until `leave` bytes or less are free.
class MemoryHog {
 public:
  explicit MemoryHog(std::size_t leave) {
    std::size_t free_bytes = 0;
    std::size_t total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess || free_bytes <= leave) return;
    // Fragmentation can refuse the whole of it: step down 64 MiB at a time.
    for (std::size_t take = free_bytes - leave; take > 0; take = take > (64u << 20) ? take - (64u << 20) : 0) {
      if (cudaMalloc(&p_, take) == cudaSuccess) {
        bytes_ = take;
        return;
      }
      (void)cudaGetLastError();
      p_ = nullptr;
    }
  }
  MemoryHog(const MemoryHog&) = delete;
  MemoryHog& operator=(const MemoryHog&) = delete;
  ~MemoryHog() { release(); }
  void release() {
    if (p_ != nullptr) (void)cudaFree(p_);
    p_ = nullptr;
  }
  std::size_t bytes() const { return bytes_; }

 private:
  void* p_ = nullptr;
  std::size_t bytes_ = 0;
};

// First in the file: the library's pool has not yet cached the scratch of an earlier product.
TEST_F(OutOfDeviceMemory, ProductScratchThatDoesNotFit) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(warpnum::test::mix_seed(warpnum::test::base_seed() + 7)));
  // 10^6 limbs an operand: the transform's scratch (about 100 MB) is far more than the 16 MiB left below.
  const mpz_class za = r.get_z_bits(32 * 1'000'000);
  const mpz_class zb = r.get_z_bits(32 * 1'000'000) | 1;
  const Integer a = warpnum::from_mpz(za, Place::device);
  const Integer b = warpnum::from_mpz(zb, Place::device);
  {
    MemoryHog hog(std::size_t{16} << 20);
    ASSERT_GT(hog.bytes(), 0u) << "could not take the device's free memory";
    try {
      const Integer c = a * b;
      FAIL() << "a product of 2 x 10^6 limbs ran in 16 MiB of free device memory";
    } catch (const OutOfMemory& e) {
      EXPECT_EQ(e.place(), Place::device);
      EXPECT_GT(e.bytes(), 0u);
      EXPECT_NE(std::string(e.what()).find("out of device memory"), std::string::npos) << e.what();
    }
  }
  EXPECT_TRUE(warpnum::to_mpz_class(a) == za) << "the left operand changed";
  EXPECT_TRUE(warpnum::to_mpz_class(b) == zb) << "the right operand changed";
  EXPECT_TRUE(warpnum::to_mpz_class(a * b) == za * zb) << "the product after the failure differs from GMP's";
}

TEST_F(OutOfDeviceMemory, IntegerPastTheWholeMemory) {
  const Integer a(12345, Place::device);
  const std::size_t bits = std::size_t{8} << 40;  // 2^40 bytes of limbs: more than any GPU has
  try {
    const Integer r = a << bits;
    FAIL() << "a result of 1 TiB was allocated on the device";
  } catch (const OutOfMemory& e) {
    EXPECT_EQ(e.bytes(), 4 * (std::size_t{1} + bits / 32 + 1));
    EXPECT_EQ(e.place(), Place::device);
  }
  EXPECT_THROW((void)(a << bits), std::bad_alloc);
  EXPECT_EQ(a, Integer(12345, Place::device));
  EXPECT_EQ(to_string(a * a), "152399025");
}

TEST_F(OutOfDeviceMemory, BatchPastTheWholeMemory) {
  using T = warpnum::BigUInt<1024>;
  const std::size_t n = std::size_t{1} << 31;  // 256 GiB
  try {
    const warpnum::Batch<T> big(n, Place::device);
    FAIL() << "a batch of 256 GiB was allocated on the device";
  } catch (const OutOfMemory& e) {
    EXPECT_EQ(e.place(), Place::device);
    EXPECT_GE(e.bytes(), n * sizeof(T));
  }
  warpnum::Batch<T> x(1000, T(3), Place::device);
  x = x * x + x;
  EXPECT_EQ(x.to_vector()[999], T(12));
}

/// The second division of a pair of limb counts captures its graph and runs it; with 16 MiB of device memory free
/// (the library's pool keeps what the first division used), the graph's own memory is not there: the division falls
/// back to its queued form and is right (from the pool), or throws OutOfMemory; never a wrong result. Right again
/// once the memory is back.
TEST_F(OutOfDeviceMemory, DivisionGraphWithoutMemory) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(warpnum::test::mix_seed(warpnum::test::base_seed() + 8)));
  const mpz_class za = r.get_z_bits(32 * 400'000) | (mpz_class(1) << (32 * 400'000 - 1));
  const mpz_class zb = r.get_z_bits(32 * 200'000) | (mpz_class(1) << (32 * 200'000 - 1));
  const Integer a = warpnum::from_mpz(za, Place::device);
  const Integer b = warpnum::from_mpz(zb, Place::device);
  const mpz_class q = za / zb;
  EXPECT_TRUE(warpnum::to_mpz_class(a / b) == q) << "first sight: no graph";
  const std::size_t replays = warpnum::huge::division_graph_replays.load();
  {
    MemoryHog hog(std::size_t{16} << 20);
    ASSERT_GT(hog.bytes(), 0u) << "could not take the device's free memory";
    try {
      EXPECT_TRUE(warpnum::to_mpz_class(a / b) == q) << "the division with 16 MiB free differs from GMP's";
    } catch (const OutOfMemory& e) {
      EXPECT_EQ(e.place(), Place::device);
    }
    EXPECT_EQ(warpnum::huge::division_graph_replays.load(), replays) << "a graph ran with 16 MiB free";
  }
  EXPECT_TRUE(warpnum::to_mpz_class(a / b) == q) << "the division after the failure differs from GMP's";
  EXPECT_TRUE(warpnum::to_mpz_class(a % b) == za % zb);
}

}  // namespace
