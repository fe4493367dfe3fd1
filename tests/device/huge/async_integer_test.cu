// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/async_integer_test.cu: AsyncInteger (<warpnum/async_integer.hpp>) on the GPU against GMP: the
// cases of tests/cases/async_integer_cases.hpp on the legacy default stream and on a non-blocking stream; an
// expression of products (tiled and transform), sums, differences and shifts captured into a CUDA graph under
// cudaStreamCaptureModeGlobal, where any synchronisation, blocking copy or non-ordered allocation would end the
// capture with an error, then run from the graph; queuing behind a kernel that keeps the stream busy returns while
// it still runs; continue_on orders a value across two streams; operands in two places are refused; divmod_floor, /
// and % against GMP, a zero divisor's status, isqrt against GMP, a division and a square root captured into a graph
// and run from it on operands written after the capture, and a divisor taken at its length, replayed on one shorter,
// reported. Skips where there is no GPU.
#include "../kernel_check.hpp"
#include "cases/async_integer_cases.hpp"

#include <warpnum/async_integer.hpp>
#include <warpnum/integer.hpp>

#include <cuda_runtime.h>
#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using warpnum::AsyncInteger;
using warpnum::Integer;
using warpnum::Place;
namespace cases = warpnum::test::async_integer_cases;

/// A non-blocking stream for one test, destroyed after its AsyncIntegers (declare it first).
class Stream {
 public:
  Stream() { WARPNUM_TEST_CUDA(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  ~Stream() {
    (void)cudaStreamSynchronize(s_);
    (void)cudaStreamDestroy(s_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_{};
};

class AsyncIntegerDevice : public warpnum::test::DeviceTest {};

TEST_F(AsyncIntegerDevice, OperatorsAgainstGmpDefaultStream) { cases::operators_against_gmp(Place::device, nullptr); }
TEST_F(AsyncIntegerDevice, OperatorsAgainstGmpOwnStream) {
  const Stream s;
  cases::operators_against_gmp(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, ShiftsAgainstGmp) {
  const Stream s;
  cases::shifts_against_gmp(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, ChainedExpressions) {
  const Stream s;
  cases::chained_expressions(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, Zeros) {
  const Stream s;
  cases::zeros(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, DifferenceThatChangesSign) {
  const Stream s;
  cases::difference_that_changes_sign(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, CopiesAndMoves) {
  const Stream s;
  cases::copies_and_moves(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, LimbBoundConstructor) {
  const Stream s;
  cases::limb_bound_constructor(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, ReciprocalFromBelow) {
  const Stream s;
  cases::reciprocal_from_below(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, ReciprocalBaseExact) {
  const Stream s;
  cases::reciprocal_base_exact(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, ReciprocalBaseFromBelow) {
  const Stream s;
  cases::reciprocal_base_from_below(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, ShiftedSumsAgainstGmp) {
  const Stream s;
  cases::shifted_sums_against_gmp(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, ComplementShiftedAgainstGmp) {
  const Stream s;
  cases::complement_shifted_against_gmp(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, CorrectionAgainstGmp) {
  const Stream s;
  cases::correction_against_gmp(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, DivisionAgainstGmp) {
  cases::division_against_gmp(Place::device, nullptr);
  const Stream s;
  cases::division_against_gmp(Place::device, s.get());
}

TEST_F(AsyncIntegerDevice, PublicDivisionAgainstGmp) {
  const Stream s;
  cases::public_division_against_gmp(Place::device, s.get());
}
TEST_F(AsyncIntegerDevice, DivisionByZero) {
  const Stream s;
  cases::division_by_zero(Place::device, s.get());
}
/// The smallest levels' kernels with the device's per-thread stack at its default of 1 KiB, whatever ran before in
/// this process: the driver raises the stack for a kernel whose frames it can size, never for recursion of a depth
/// known only at run time. The square root's base once ran the limb core's recursive sqrtrem and overflowed that
/// stack where no other kernel had raised it first (src/huge/base_cases.cu).
TEST_F(AsyncIntegerDevice, BaseCasesWithTheDefaultStack) {
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  WARPNUM_TEST_CUDA(cudaDeviceSetLimit(cudaLimitStackSize, 1024));
  const Stream s;
  using Traits = warpnum::huge::NumberTraits<AsyncInteger>;
  for (const std::size_t n : {std::size_t{1}, std::size_t{24}, std::size_t{48}}) {
    const mpz_class x = (mpz_class(1) << (32 * n - 1)) + 12345;
    const AsyncInteger ax = cases::make(x, Place::device, s.get());
    mpz_class root;
    mpz_sqrt(root.get_mpz_t(), x.get_mpz_t());
    EXPECT_TRUE(cases::value(Traits::isqrt_base(ax, 32 * n)) == root) << n << " limbs";
    mpz_class reciprocal = mpz_class(1) << (64 * n);
    mpz_fdiv_q(reciprocal.get_mpz_t(), reciprocal.get_mpz_t(), x.get_mpz_t());
    EXPECT_TRUE(cases::value(Traits::reciprocal_base(ax, 32 * n)) == reciprocal) << n << " limbs";
  }
}
TEST_F(AsyncIntegerDevice, IsqrtAgainstGmp) {
  const Stream s;
  cases::isqrt_against_gmp(Place::device, s.get());
}

TEST_F(AsyncIntegerDevice, OperandsInTwoPlacesAreRefused) {
  const Stream s;
  const AsyncInteger a(Integer(7, Place::device), s.get());
  const AsyncInteger b(Integer(9, Place::host), s.get());
  EXPECT_THROW(static_cast<void>(a * b), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(b + a), std::invalid_argument);
}

/// v's limbs written over x's (zero past v's), queued on s: new operands for a graph captured on x.
void write_over(const AsyncInteger& x, const Integer& v, cudaStream_t s) {
  auto* p = const_cast<AsyncInteger::limb_type*>(x.data());
  WARPNUM_TEST_CUDA(cudaMemsetAsync(p, 0, x.limb_bound() * sizeof(AsyncInteger::limb_type), s));
  WARPNUM_TEST_CUDA(
      cudaMemcpyAsync(p, v.data(), v.size() * sizeof(AsyncInteger::limb_type), cudaMemcpyDeviceToDevice, s));
}

/// What `queue` queues on s, captured into a graph under cudaStreamCaptureModeGlobal; fails the test where a call
/// ended the capture (a synchronisation, a blocking copy, an allocation outside the stream's order).
template <class Queue> cudaGraph_t captured(cudaStream_t s, const char* what, Queue&& queue) {
  cudaGraph_t graph{};
  WARPNUM_TEST_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  try {
    queue();
  } catch (...) {
    (void)cudaStreamEndCapture(s, &graph);
    throw;
  }
  cudaStreamCaptureStatus status{};
  WARPNUM_TEST_CUDA(cudaStreamIsCapturing(s, &status));
  EXPECT_EQ(status, cudaStreamCaptureStatusActive) << "a call during " << what << " ended the capture";
  WARPNUM_TEST_CUDA(cudaStreamEndCapture(s, &graph));
  return graph;
}

/// An expression of many operations is queued without one host synchronisation: captured whole into a graph.
TEST_F(AsyncIntegerDevice, ExpressionCapturedIntoOneGraph) {
  const Stream s;
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(cases::seed() + 10));
  // a b by the transform (50,000 limbs each), c d by the tiled convolution (a few hundred limbs).
  const mpz_class za = cases::uniform_huge(r, 50000, false) + 1, zb = cases::uniform_huge(r, 50000, true) - 1;
  const mpz_class zc = cases::uniform_huge(r, 300, false), zd = cases::uniform_huge(r, 200, true);
  const AsyncInteger a = cases::make(za, Place::device, s.get()), b = cases::make(zb, Place::device, s.get()),
                     c = cases::make(zc, Place::device, s.get()), d = cases::make(zd, Place::device, s.get());
  static_cast<void>((a * b).get());  // sets the transform kernels' attributes once, outside the capture
  AsyncInteger x;
  cudaGraph_t graph = captured(s.get(), "the expression", [&] {
    x = (sqr(a * b - (c * d << 1000)) >> 12345) + (a << 7) - (-c >> 3);
  });
  std::size_t nodes = 0;
  WARPNUM_TEST_CUDA(cudaGraphGetNodes(graph, nullptr, &nodes));
  EXPECT_GT(nodes, 10u) << "the expression's kernels, allocations and frees are nodes of one graph";
  std::vector<cudaGraphNode_t> all(nodes);
  WARPNUM_TEST_CUDA(cudaGraphGetNodes(graph, all.data(), &nodes));
  std::size_t kernels = 0;
  for (cudaGraphNode_t n : all) {
    cudaGraphNodeType type{};
    WARPNUM_TEST_CUDA(cudaGraphNodeGetType(n, &type));
    kernels += type == cudaGraphNodeTypeKernel ? 1 : 0;
  }
  EXPECT_GE(kernels, 12u);
  cudaGraphExec_t exec{};
  WARPNUM_TEST_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  WARPNUM_TEST_CUDA(cudaGraphLaunch(exec, s.get()));
  mpz_class t = za * zb - (zc * zd << 1000);
  t = t * t;
  mpz_fdiv_q_2exp(t.get_mpz_t(), t.get_mpz_t(), 12345);
  mpz_class tc;
  mpz_fdiv_q_2exp(tc.get_mpz_t(), mpz_class(-zc).get_mpz_t(), 3);
  const mpz_class expected = t + (za << 7) - tc;
  EXPECT_TRUE(cases::value(x) == expected);
  x = AsyncInteger();  // the result's memory belongs to the graph's allocation: freed before the graph goes
  WARPNUM_TEST_CUDA(cudaStreamSynchronize(s.get()));
  WARPNUM_TEST_CUDA(cudaGraphExecDestroy(exec));
  WARPNUM_TEST_CUDA(cudaGraphDestroy(graph));
}

/// A division, from the divisor's normalisation through every level of the reciprocal to the remainder's shift back,
/// and a square root queue without a host synchronisation: captured whole into a graph, then run from it on operands
/// written over a's and b's limbs after the capture (b's top bit 40 bits lower: another normalising shift, past a
/// limb, which the operands' limb bounds allow), so that nothing was computed when it was queued.
TEST_F(AsyncIntegerDevice, DivisionCapturedIntoOneGraph) {
  const Stream s;
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(cases::seed() + 13));
  const std::size_t nb = 20000;  // the reciprocal's top levels by the transform, the lower ones tiled
  const mpz_class za = cases::uniform_huge(r, 2 * nb, true), zb = cases::uniform_huge(r, nb, false) + 1;
  const AsyncInteger a(warpnum::from_mpz(za, Place::device), s.get(), 2 * nb);
  const AsyncInteger b(warpnum::from_mpz(zb, Place::device), s.get(), nb);
  static_cast<void>((a * b).get());  // the transform kernels' attributes, set once outside the capture
  warpnum::AsyncIntegerDivResult d;
  AsyncInteger root;
  cudaGraph_t graph = captured(s.get(), "the division", [&] {
    d = divmod_floor(a, b);
    root = isqrt(b);
  });
  std::size_t nodes = 0;
  WARPNUM_TEST_CUDA(cudaGraphGetNodes(graph, nullptr, &nodes));
  EXPECT_GT(nodes, 50u) << "the levels' kernels, allocations and frees are nodes of one graph";
  cudaGraphExec_t exec{};
  WARPNUM_TEST_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  // New operands over a's and b's limbs (a keeps its sign, queued as negative).
  const mpz_class za2 = cases::uniform_huge(r, 2 * nb, false), zb2 = (cases::uniform_huge(r, nb, false) >> 40) + 1;
  const Integer ia = warpnum::from_mpz(za2, Place::device), ib = warpnum::from_mpz(zb2, Place::device);
  ASSERT_LE(ia.size(), a.limb_bound());
  ASSERT_LE(ib.size(), b.limb_bound());
  write_over(a, ia, s.get());
  write_over(b, ib, s.get());
  WARPNUM_TEST_CUDA(cudaGraphLaunch(exec, s.get()));
  mpz_class q, rem;
  mpz_fdiv_qr(q.get_mpz_t(), rem.get_mpz_t(), mpz_class(-za2).get_mpz_t(), zb2.get_mpz_t());
  EXPECT_TRUE(cases::value(d.quot) == q);
  EXPECT_TRUE(cases::value(d.rem) == rem);
  mpz_class s2;
  mpz_sqrt(s2.get_mpz_t(), zb2.get_mpz_t());
  EXPECT_TRUE(cases::value(root) == s2);
  d = warpnum::AsyncIntegerDivResult();  // the results' memory belongs to the graph's allocations
  root = AsyncInteger();
  WARPNUM_TEST_CUDA(cudaStreamSynchronize(s.get()));
  WARPNUM_TEST_CUDA(cudaGraphExecDestroy(exec));
  WARPNUM_TEST_CUDA(cudaGraphDestroy(graph));
}

/// A divisor made from an Integer is taken to keep its length (its top limb not zero): its division is one piece for
/// 2d digits by d. Replayed from a graph on a divisor of the same length the division is right; on one whose top limb
/// is zero, the results' get() throws, naming the divisor and the limb bound that avoids it. (A graph whose results
/// are allocated in it runs once before they are freed: each replay is a capture of its own.)
TEST_F(AsyncIntegerDevice, DivisorTakenAtItsLengthChecksIt) {
  const Stream s;
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(cases::seed() + 14));
  const std::size_t nb = 3000;
  const mpz_class top = mpz_class(1) << (32 * nb - 1);
  const mpz_class za = cases::uniform_huge(r, 2 * nb, false), zb = cases::uniform_huge(r, nb - 1, false) + top;
  const AsyncInteger a = cases::make(za, Place::device, s.get()), b = cases::make(zb, Place::device, s.get());
  ASSERT_EQ(b.limb_bound(), nb);
  static_cast<void>((a * b).get());  // the transform kernels' attributes, set once outside the capture
  // Captures the division, writes z over b's limbs, runs the graph; the quotient and remainder to `check`.
  const auto replayed_on = [&](const mpz_class& z, const auto& check) {
    warpnum::AsyncIntegerDivResult d;
    cudaGraph_t graph = captured(s.get(), "the division", [&] { d = divmod_floor(a, b); });
    EXPECT_LE(d.quot.limb_bound(), a.limb_bound() - b.limb_bound() + 2);
    cudaGraphExec_t exec{};
    WARPNUM_TEST_CUDA(cudaGraphInstantiate(&exec, graph, 0));
    const Integer v = warpnum::from_mpz(z, Place::device);
    ASSERT_LE(v.size(), b.limb_bound());
    write_over(b, v, s.get());
    WARPNUM_TEST_CUDA(cudaGraphLaunch(exec, s.get()));
    check(d);
    d = warpnum::AsyncIntegerDivResult();  // the results' memory belongs to the graph's allocations
    WARPNUM_TEST_CUDA(cudaStreamSynchronize(s.get()));
    WARPNUM_TEST_CUDA(cudaGraphExecDestroy(exec));
    WARPNUM_TEST_CUDA(cudaGraphDestroy(graph));
  };
  // The same length, the top bit 20 bits lower: right.
  const mpz_class zb2 = (cases::uniform_huge(r, nb - 1, false) + top) >> 20;
  replayed_on(zb2, [&](const warpnum::AsyncIntegerDivResult& d) {
    mpz_class q, rem;
    mpz_fdiv_qr(q.get_mpz_t(), rem.get_mpz_t(), za.get_mpz_t(), zb2.get_mpz_t());
    EXPECT_TRUE(cases::value(d.quot) == q);
    EXPECT_TRUE(cases::value(d.rem) == rem);
  });
  // The top limb zero: reported.
  replayed_on(zb2 >> 40, [&](const warpnum::AsyncIntegerDivResult& d) {
    for (const AsyncInteger* v : {&d.quot, &d.rem}) {
      try {
        static_cast<void>(v->get());
        ADD_FAILURE() << "a divisor shorter than its length at the capture was not reported";
      } catch (const std::domain_error& e) {
        EXPECT_NE(std::string(e.what()).find("top limb was zero"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("limb_bound"), std::string::npos) << e.what();
      }
    }
  });
}

__global__ void spin(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

/// About `ms` milliseconds of a spinning kernel on s.
void keep_busy(cudaStream_t s, int ms) {
  int clock_khz = 0;
  WARPNUM_TEST_CUDA(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  spin<<<1, 1, 0, s>>>(static_cast<long long>(clock_khz) * ms);
  WARPNUM_TEST_CUDA(cudaGetLastError());
}

/// A value computed on one stream behind a long kernel is waited for by another stream after continue_on: without
/// the event, the second stream's product would read it before it was written.
TEST_F(AsyncIntegerDevice, ContinueOnOrdersAcrossStreams) {
  const Stream s1, s2;
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(cases::seed() + 12));
  const mpz_class za = cases::uniform_huge(r, 20000, false), zx = cases::uniform_huge(r, 20000, true);
  const AsyncInteger a = cases::make(za, Place::device, s1.get());
  AsyncInteger x = cases::make(zx, Place::device, s2.get());
  keep_busy(s2.get(), 300);
  AsyncInteger b = sqr(x) - x;  // on s2, after the spin
  EXPECT_THROW(static_cast<void>(a * b), std::invalid_argument);
  b.continue_on(s1.get());
  EXPECT_EQ(b.stream(), s1.get());
  const AsyncInteger p = a * b;
  EXPECT_TRUE(cases::value(p) == za * (zx * zx - zx));
  // A status goes with its value to the new stream, while a value that shares it stays behind and goes first; a
  // clear one stays clear.
  AsyncInteger bad = cases::make(mpz_class(5), Place::device, s2.get()) - sqr(x);  // 5 < x^2: set
  AsyncInteger good = sqr(x) - cases::make(mpz_class(5), Place::device, s2.get());  // clear
  {
    const AsyncInteger sharer = bad >> 1;  // on s2, bad's status
    bad.continue_on(s1.get());
    good.continue_on(s1.get());
    EXPECT_THROW(static_cast<void>(sharer.get()), std::domain_error);
  }
  EXPECT_THROW(static_cast<void>((a * bad).get()), std::domain_error);
  EXPECT_TRUE(cases::value(a * good) == za * (zx * zx - 5));
}

/// warpnum::Stream: a stream of its own on a machine with a GPU.
TEST_F(AsyncIntegerDevice, StreamOfItsOwn) {
  const warpnum::Stream s;
  ASSERT_NE(s.get(), nullptr);
  const AsyncInteger a(Integer(12, Place::device), s.get());
  EXPECT_TRUE(cases::value(a * a - a) == 132);
}

/// Queuing returns while the stream is still busy with earlier work: nothing waits for it until get().
TEST_F(AsyncIntegerDevice, QueuingDoesNotWaitForTheStream) {
  const Stream s;
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(cases::seed() + 11));
  const mpz_class za = cases::uniform_huge(r, 100000, false), zb = cases::uniform_huge(r, 100000, false);
  const AsyncInteger a = cases::make(za, Place::device, s.get()), b = cases::make(zb, Place::device, s.get());
  static_cast<void>((a * b).get());
  keep_busy(s.get(), 500);
  const auto t0 = std::chrono::steady_clock::now();
  const AsyncInteger p = (a * b + (a << 64)) * (b >> 5) - a;
  const double queued_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(cudaStreamQuery(s.get()), cudaErrorNotReady) << "queuing waited for the stream";
  EXPECT_LT(queued_ms, 250.0);
  mpz_class zq;
  mpz_fdiv_q_2exp(zq.get_mpz_t(), zb.get_mpz_t(), 5);
  EXPECT_TRUE(cases::value(p) == (za * zb + (za << 64)) * zq - za);
}

}  // namespace
