// SPDX-License-Identifier: Apache-2.0
// tests/device/batch/inverse_test.cu: `inverse` over device batches (batch/inverse.hpp, the kernel of
// batch/kernel/inverse.hpp: a thread a chunk, Montgomery's trick of batch/ops/inverse_chunk.hpp): the shared cases
// (tests/cases/batch_inverse_cases.hpp) on the GPU against the elements' own inverse_checked, and each result and
// its status flags bit-identical to the host batch's inverse of the same operands; on a stream of its own too.
#include "cases/batch_inverse_cases.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/fields.hpp>
#include <warpnum/fp.hpp>
#include <warpnum/gf2n.hpp>

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace warpnum;
using namespace warpnum::test::batch_inverse_cases;
using warpnum::test::DeviceTest;

class DeviceBatchInverse : public DeviceTest {};

/// The device's inverses of v (got) against the host batch's: the same bits and the same flags.
template <class F> void expect_host(const std::vector<F>& v, const std::vector<F>& got, const std::string& what) {
  const Batch<F> hx(v, Place::host);
  const Batch<F> hy = inverse(hx);
  EXPECT_TRUE(got == hy.to_vector()) << what << ": the device and the host differ";
  const Batch<F> dx(v, Place::device);
  const Batch<F> dy = inverse(dx);
  EXPECT_EQ(dy.status_flags(), hy.status_flags()) << what << ": the device's and the host's flags differ";
}

template <class F> void check(const std::string& field) {
  check_inverse<F>(Place::device, field, [](auto&... a) { expect_host(a...); });
}

TEST_F(DeviceBatchInverse, BN254Fr) { check<BN254Fr>("BN254Fr"); }
TEST_F(DeviceBatchInverse, BLS12381Fp) { check<BLS12381Fp>("BLS12381Fp"); }
TEST_F(DeviceBatchInverse, CompositeModulus) { check<Composite>("PrimeField<CompositeParams>"); }
TEST_F(DeviceBatchInverse, GF2n163) { check<GF2n<163>>("GF2n<163>"); }

// On a stream of the caller's: the result is on x's stream, and inverse(x, out) runs on out's.
TEST_F(DeviceBatchInverse, OnTheBatchStream) {
  cudaStream_t stream = nullptr;
  WARPNUM_TEST_CUDA(cudaStreamCreate(&stream));
  {  // the batches free their memory on the stream: gone before it is
    const std::vector<BN254Fr> v = operands<BN254Fr>(4099, Pattern::zeros, test::seed_for("batch inverse stream"));
    const Batch<BN254Fr> x(v, Place::device, stream);
    const Batch<BN254Fr> y = inverse(x);
    EXPECT_EQ(y.stream(), stream);
    Batch<BN254Fr> out(0, Place::device, stream);
    inverse(x, out);
    const std::vector<BN254Fr> got = y.to_vector();
    expect_elementwise("stream", v, got);
    EXPECT_TRUE(out.to_vector() == got);
    EXPECT_EQ(y.status(), Status::not_invertible);
    EXPECT_EQ(out.status(), Status::not_invertible);
  }
  WARPNUM_TEST_CUDA(cudaStreamDestroy(stream));
}

}  // namespace
