// SPDX-License-Identifier: Apache-2.0
// tests/device/batch/batch_test.cu: batch expressions on the GPU: the shared cases against GMP on device
// batches, every strategy, device results bit-identical to the host's evaluation, one kernel an expression
// (counted in a captured CUDA graph, which also proves that nothing synchronises), and the conversions to and
// from thrust::device_vector and raw device pointers.
#include "cases/batch_cases.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/algorithm.hpp>
#include <warpnum/batch.hpp>
#include <warpnum/functional.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/modular.hpp>

#include <cuda_runtime.h>
#include <gtest/gtest.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>

#include <cstddef>
#include <string>
#include <vector>

namespace {

using namespace warpnum;
using namespace warpnum::test::batch_cases;
using warpnum::test::DeviceTest;

class DeviceBatch : public DeviceTest {};

TEST_F(DeviceBatch, Operators256) { check_operators<BigUInt<256>>(Place::device, 5000, "BigUInt<256>"); }
TEST_F(DeviceBatch, OperatorsSigned256) { check_operators<BigInt<256>>(Place::device, 5000, "BigInt<256>"); }
TEST_F(DeviceBatch, Modular256) { check_modular<256>(Place::device, 3000, "256"); }
TEST_F(DeviceBatch, Sliced) {
  check_sliced<GF2n<64>>(Place::device, 5000, "GF2n<64>");
  check_sliced<GF2n<163>>(Place::device, 3001, "GF2n<163>");
}
TEST_F(DeviceBatch, Errors) { check_errors<BigUInt<256>>(Place::device); }

/// The same expression on the device (strategy S, G lanes) and on the host, and against GMP.
template <Strategy S, unsigned G, std::size_t Bits> void check_strategy(std::size_t n, const std::string& name) {
  using T = BigUInt<Bits>;
  const std::uint64_t seed = warpnum::test::seed_for("batch strategy " + name, Bits);
  const std::vector<T> va = operands<T>(n, seed, 0);
  const std::vector<T> vb = operands<T>(n, seed + 1, 3);
  const std::vector<T> vc = operands<T>(n, seed + 2, 9);
  Batch<T> a(va, Place::device), b(vb, Place::device), c(vc, Place::device);
  Batch<T> ha(va, Place::host), hb(vb, Place::host), hc(vc, Place::host);
  Batch<T> d = with_strategy<S, G>(a * b + c - (a ^ b));
  Batch<T> hd = ha * hb + hc - (ha ^ hb);
  const std::vector<T> got = d.to_vector();
  EXPECT_TRUE(got == hd.to_vector()) << name << ": the device and the host differ";
  expect_each(name + ": a * b + c - (a ^ b)", got,
              [&](std::size_t i) { return gmp_binary('-', gmp_binary('+', gmp_binary('*', va[i], vb[i]), vc[i]), gmp_binary('^', va[i], vb[i])); },
              seed);
  // The interleaved layout as operand and destination.
  Batch<T, Layout::interleaved> ai(a);
  Batch<T, Layout::interleaved> di = with_strategy<S, G>(ai * b + c);
  expect_each(name + ": interleaved a * b + c", di.to_vector(),
              [&](std::size_t i) { return gmp_binary('+', gmp_binary('*', va[i], vb[i]), vc[i]); }, seed);
}

TEST_F(DeviceBatch, Strategies1024) {
  check_strategy<Strategy::automatic, 0, 1024>(20000, "automatic (staged) 1024");
  check_strategy<Strategy::thread, 0, 1024>(3000, "thread 1024");
  check_strategy<Strategy::lanes, 8, 1024>(3000, "lanes 8 1024");
}
TEST_F(DeviceBatch, Strategies4096) {
  check_strategy<Strategy::automatic, 0, 4096>(2000, "automatic (16 lanes) 4096");
  check_strategy<Strategy::lanes, 32, 4096>(500, "lanes 32 4096");
}

// powm over 2048-bit batches: lane groups for an odd modulus (and every lane Barrett's way for an even one).
TEST_F(DeviceBatch, Powm2048) {
  using T = BigUInt<2048>;
  const std::uint64_t seed = warpnum::test::seed_for("batch powm 2048", 2048);
  const std::vector<T> va = operands<T>(300, seed, 0);
  const std::vector<T> ve = operands<T>(300, seed + 1, 4);
  Batch<T> a(va, Place::device), e(ve, Place::device);
  warpnum::test::Rng rng(seed + 2);
  T m = warpnum::test::random_value<T>(rng);
  m.data()[T::num_limbs - 1] |= 0x80000000u;
  for (const bool odd : {true, false}) {
    m.data()[0] = odd ? (m.data()[0] | 1u) : (m.data()[0] & ~1u);
    Batch<T> p = powm(a, e, m);
    expect_each(std::string("powm 2048, ") + (odd ? "odd" : "even") + " m", p.to_vector(),
                [&](std::size_t i) {
                  Mpz z;
                  mpz_powm(z, to_mpz(va[i]), to_mpz(ve[i]), to_mpz(m));
                  return warpnum::oracle::from_mpz<T>(z);
                },
                seed);
  }
}

// One kernel, no synchronisation: the evaluation captured into a graph is a single kernel node. (A hidden
// cudaStreamSynchronize would end the capture with an error; a second launch or a copy would be a second node.)
TEST_F(DeviceBatch, OneKernelNoSynchronisation) {
  using T = BigUInt<1024>;
  const std::vector<T> va = operands<T>(4096, 1, 0);
  const std::vector<T> vb = operands<T>(4096, 2, 1);
  cudaStream_t s;
  WARPNUM_TEST_CUDA(cudaStreamCreate(&s));
  Batch<T> a(va, Place::device, s), b(vb, Place::device, s), c(va, Place::device, s), d(vb, Place::device, s);
  Batch<T> e(4096, Place::device, s);
  WARPNUM_TEST_CUDA(cudaStreamSynchronize(s));
  const std::uint64_t before = batch::evaluations();
  cudaGraph_t graph;
  WARPNUM_TEST_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  e.assign(a * b + c * d, s);
  WARPNUM_TEST_CUDA(cudaStreamEndCapture(s, &graph));
  EXPECT_EQ(batch::evaluations() - before, 1u);
  std::size_t nodes = 0;
  WARPNUM_TEST_CUDA(cudaGraphGetNodes(graph, nullptr, &nodes));
  ASSERT_EQ(nodes, 1u) << "a * b + c * d must be one node";
  cudaGraphNode_t node;
  WARPNUM_TEST_CUDA(cudaGraphGetNodes(graph, &node, &nodes));
  cudaGraphNodeType type;
  WARPNUM_TEST_CUDA(cudaGraphNodeGetType(node, &type));
  EXPECT_EQ(type, cudaGraphNodeTypeKernel);
  // The captured graph computes the expression.
  cudaGraphExec_t exec;
  WARPNUM_TEST_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  WARPNUM_TEST_CUDA(cudaGraphLaunch(exec, s));
  expect_each("graph a * b + c * d", e.to_vector(),
              [&](std::size_t i) { return gmp_binary('+', gmp_binary('*', va[i], vb[i]), gmp_binary('*', va[i], vb[i])); }, 0);
  WARPNUM_TEST_CUDA(cudaGraphExecDestroy(exec));
  WARPNUM_TEST_CUDA(cudaGraphDestroy(graph));
  a = Batch<T>();  // frees on s before s goes
  b = Batch<T>();
  c = Batch<T>();
  d = Batch<T>();
  e = Batch<T>();
  WARPNUM_TEST_CUDA(cudaStreamSynchronize(s));
  WARPNUM_TEST_CUDA(cudaStreamDestroy(s));
}

// To and from thrust::device_vector and raw device pointers.
TEST_F(DeviceBatch, ThrustAndRawPointers) {
  using T = BigUInt<1024>;
  const std::vector<T> va = operands<T>(1000, 5, 0);
  thrust::device_vector<T> dv(va.begin(), va.end());
  Batch<T> a(dv);
  Batch<T> sq = a * a;
  thrust::device_vector<T> out = sq.to<thrust::device_vector<T>>();
  std::vector<T> back(out.size());
  thrust::copy(out.begin(), out.end(), back.begin());
  expect_each("thrust: a * a", back, [&](std::size_t i) { return gmp_binary('*', va[i], va[i]); }, 5);
  Batch<T> raw = Batch<T>::from_device(thrust::raw_pointer_cast(dv.data()), dv.size());
  thrust::device_vector<T> copy(raw.size());
  raw.copy_to_device(thrust::raw_pointer_cast(copy.data()));
  raw.synchronize();
  EXPECT_TRUE(thrust::equal(copy.begin(), copy.end(), dv.begin()));
}

// warpnum::transform with thrust::device, device_vector ranges and a warpnum function object runs the batch
// kernels (one evaluation counted); with Thrust's own function objects it stays Thrust's.
TEST_F(DeviceBatch, TransformRunsTheBatchKernels) {
  using T = BigUInt<1024>;
  const std::vector<T> va = operands<T>(3000, 11, 0);
  const std::vector<T> vb = operands<T>(3000, 12, 2);
  thrust::device_vector<T> da(va.begin(), va.end()), db(vb.begin(), vb.end()), dc(va.size());
  const auto host = [](const thrust::device_vector<T>& d) {
    std::vector<T> v(d.size());
    thrust::copy(d.begin(), d.end(), v.begin());
    return v;
  };
  std::uint64_t before = batch::evaluations();
  warpnum::transform(thrust::device, da.begin(), da.end(), db.begin(), dc.begin(), warpnum::multiplies{});
  EXPECT_EQ(batch::evaluations() - before, 1u) << "warpnum::multiplies must run the batch kernel";
  expect_each("transform multiplies", host(dc), [&](std::size_t i) { return gmp_binary('*', va[i], vb[i]); }, 11);

  T m = va[100] | T(1u);
  before = batch::evaluations();
  warpnum::transform(thrust::device, da.begin(), da.end(), db.begin(), dc.begin(), warpnum::powm_fn<1024>(m));
  EXPECT_EQ(batch::evaluations() - before, 1u) << "powm_fn must run the batch kernel";
  expect_each("transform powm_fn", host(dc),
              [&](std::size_t i) {
                Mpz z;
                mpz_powm(z, to_mpz(va[i]), to_mpz(vb[i]), to_mpz(m));
                return warpnum::oracle::from_mpz<T>(z);
              },
              11);

  before = batch::evaluations();
  warpnum::transform(thrust::device, da.begin(), da.end(), dc.begin(), warpnum::negate{});
  EXPECT_EQ(batch::evaluations() - before, 1u);
  expect_each("transform negate", host(dc), [&](std::size_t i) { return gmp_binary('-', T{}, va[i]); }, 11);

  before = batch::evaluations();
  warpnum::transform(thrust::device, da.begin(), da.end(), db.begin(), dc.begin(), thrust::multiplies<T>());
  EXPECT_EQ(batch::evaluations() - before, 0u) << "Thrust's own function objects stay with thrust::transform";
  expect_each("transform thrust::multiplies", host(dc), [&](std::size_t i) { return gmp_binary('*', va[i], vb[i]); }, 11);
}

}  // namespace
