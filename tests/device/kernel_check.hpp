// SPDX-License-Identifier: Apache-2.0
// tests/device/kernel_check.hpp: runs a functor in a kernel, one thread per input, and compares each result
// bitwise with the same functor evaluated on the host. Device tests skip (GTEST_SKIP) where there is no GPU.
#pragma once

#include <cuda_runtime.h>
#include <gtest/gtest.h>
#include <nv/target>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace warpnum::test {

/// Throws std::runtime_error, which GoogleTest reports as a failure of the running test, naming the call.
inline void cuda_check(cudaError_t e, const char* call, const char* file, int line) {
  if (e == cudaSuccess) return;
  std::ostringstream os;
  os << file << ':' << line << ": " << call << ": " << cudaGetErrorName(e) << " (" << cudaGetErrorString(e) << ')';
  throw std::runtime_error(os.str());
}
#define WARPNUM_TEST_CUDA(call) ::warpnum::test::cuda_check((call), #call, __FILE__, __LINE__)

/// Why kernels cannot run here ("" when a device is present): cudaGetDeviceCount failed or found none.
inline const std::string& no_gpu_reason() {
  static const std::string reason = [] {
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
      (void)cudaGetLastError();  // clears the error so later calls do not see it
      return std::string("no GPU: cudaGetDeviceCount: ") + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
    }
    return count == 0 ? std::string("no GPU: cudaGetDeviceCount found 0 devices") : std::string();
  }();
  return reason;
}

/// A test fixture whose tests skip where there is no GPU.
class DeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!no_gpu_reason().empty()) GTEST_SKIP() << no_gpu_reason();
  }
};

/// The seed every device test derives its own from: WARPNUM_TEST_SEED (decimal or 0x hex) if set, else a fixed one.
inline std::uint64_t base_seed() {
  const char* s = std::getenv("WARPNUM_TEST_SEED");
  return s != nullptr ? std::strtoull(s, nullptr, 0) : 0x5eed'0000'cafe'f00dull;
}

/// splitmix64's finaliser: decorrelates the seeds derived from one base seed.
constexpr std::uint64_t mix_seed(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// f() in device code. In host code, where the library reports an error by throwing, `documented` instead: the
/// result the documentation promises the device for that error, which the device result is then compared with.
template <class F, class R> __host__ __device__ R or_documented(const F& f, const R& documented) {
  // clang-format off
  NV_IF_ELSE_TARGET(NV_IS_DEVICE,
    (return f();),
    (try { return f(); } catch (const std::exception&) { return documented; }))
  // clang-format on
}

/// A cudaMalloc'ed array, freed on scope exit.
template <class T> class DeviceArray {
 public:
  explicit DeviceArray(std::size_t n) : n_(n) { WARPNUM_TEST_CUDA(cudaMalloc(&p_, bytes())); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  ~DeviceArray() { (void)cudaFree(p_); }
  T* get() const { return p_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

 private:
  T* p_ = nullptr;
  std::size_t n_;
};

/// One thread per input: out[i] = op(in[i]).
template <class Op, class In, class Out> __global__ void apply(Op op, const In* in, Out* out, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(in[i]);
}

/// op over `in` on the device. The output buffer is poisoned (bytes 0xa5) first, so a result the kernel
/// fails to write compares unequal.
template <class Op, class In, class Out = std::invoke_result_t<const Op&, const In&>>
std::vector<Out> run_on_device(const Op& op, const std::vector<In>& in) {
  const std::size_t n = in.size();
  DeviceArray<In> d_in(n);
  DeviceArray<Out> d_out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(d_in.get(), in.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  constexpr unsigned threads = 128;
  const auto blocks = static_cast<unsigned>((n + threads - 1) / threads);
  // WARPNUM_TEST_STACK_BYTES: a per-thread stack size to set before the launch, for diagnosing a mismatch (the
  // driver sizes the stack from the kernel's own figure, which this can only raise).
  if (const char* s = std::getenv("WARPNUM_TEST_STACK_BYTES"); s != nullptr)
    WARPNUM_TEST_CUDA(cudaDeviceSetLimit(cudaLimitStackSize, std::strtoull(s, nullptr, 0)));
  apply<<<blocks, threads>>>(op, d_in.get(), d_out.get(), n);
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  std::vector<Out> out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(out.data(), d_out.get(), d_out.bytes(), cudaMemcpyDeviceToHost));
  return out;
}

/// The 32-bit words of a result where expected and device differ (at most `limit` of them).
template <class Out> std::string word_diff(const Out& expected, const Out& actual, int limit = 8) {
  static_assert(sizeof(Out) % 4 == 0, "results are compared as 32-bit words");
  constexpr std::size_t n = sizeof(Out) / 4;
  std::uint32_t e[n];
  std::uint32_t a[n];
  std::memcpy(e, &expected, sizeof(Out));
  std::memcpy(a, &actual, sizeof(Out));
  std::ostringstream os;
  os << std::hex;
  int shown = 0;
  std::size_t differing = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (e[i] == a[i]) continue;
    if (++differing > static_cast<std::size_t>(limit)) continue;
    os << "\n      word " << std::dec << i << " (byte " << 4 * i << std::hex << "): host 0x" << e[i] << ", device 0x"
       << a[i];
    ++shown;
  }
  os << std::dec << "\n      " << differing << " of " << n << " words differ";
  return os.str();
}

/// Runs op over `in` on the host and on the device and expects bitwise equal results; a mismatch prints the seed,
/// the inputs (by `operator<<`) and the differing words. Returns the device results for further checks.
template <class Op, class In, class Out = std::invoke_result_t<const Op&, const In&>>
std::vector<Out> expect_device_matches_host(const Op& op, const std::vector<In>& in, std::uint64_t seed) {
  static_assert(std::has_unique_object_representations_v<Out>,
                "a result must have no padding and no floating-point members, so that it compares bitwise");
  std::vector<Out> expected(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) expected[i] = op(in[i]);
  std::vector<Out> actual = run_on_device(op, in);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (std::memcmp(&expected[i], &actual[i], sizeof(Out)) == 0) continue;
    if (++mismatches > 5) continue;
    ADD_FAILURE() << "device result differs from host for input " << i << " (seed 0x" << std::hex << seed << std::dec
                  << ", base seed WARPNUM_TEST_SEED=0x" << std::hex << base_seed() << std::dec << ")\n    " << in[i]
                  << word_diff(expected[i], actual[i]);
  }
  if (mismatches != 0) {
    // What the launch had: the kernel's local memory a thread and the stack the driver gave it.
    cudaFuncAttributes attributes{};
    std::size_t stack = 0;
    (void)cudaFuncGetAttributes(&attributes, apply<Op, In, Out>);
    (void)cudaDeviceGetLimit(&stack, cudaLimitStackSize);
    ADD_FAILURE() << "kernel: " << attributes.localSizeBytes << " bytes of local memory, " << attributes.numRegs
                  << " registers a thread; stack limit " << stack << " bytes";
  }
  EXPECT_EQ(mismatches, 0u) << "mismatches out of " << in.size() << " inputs (the first 5 are listed above)";
  return actual;
}

}  // namespace warpnum::test
