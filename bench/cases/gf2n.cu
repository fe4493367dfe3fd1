// SPDX-License-Identifier: Apache-2.0
// bench/cases/gf2n.cu: c = a * b in GF(2^N), bit-sliced in chunks of 32 elements (batch/kernel/gf2n_mul.hpp), by
// each kernel that takes N ("thread", "rcache": the warp register cache, "lanes": N / 32 lanes a chunk in registers,
// "diag": shared-memory block diagonals):
// "karaK": the diagonal kernel after K levels of Karatsuba over 32-row blocks.
//   compute: the harness of Ben-Sasson, Hamilis, Silberstein, Tromer (ICS '16, Sec. 9): 2^i chunks already in chunk
//            layout, kernel-only time by CUDA events, 5 timed runs (after one warm-up), the mean of the 3 left
//            without the fastest and the slowest; compared with their code rebuilt for sm_90 on an H100;
//            a sweep of 2^14 .. 2^20 chunks is printed, the largest is the case's figure;
//   batch:   end to end, elements in GF2n<N>'s layout in and out (the transposes inside the kernel), same timing.
#include "base.cuh"

#include <warpnum/batch/kernel/gf2n_mul.hpp>
#include <warpnum/poly.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace warpnum::bench {
namespace {

using batch::GF2nMulKernel;

/// The paper's code on an H100 (sm_90, the harness above), multiplications a second, and the factor warpnum aims
/// for over it.
double paper_h100(int n) {
  switch (n) {
    case 32: return 55.0e9;
    case 64: return 28.9e9;
    case 128: return 8.07e9;
    case 256: return 2.13e9;
    case 512: return 546e6;
    case 1024: return 138e6;
    case 2048: return 34.8e6;
    default: return 0;
  }
}
double target_factor(int n) { return n == 32 ? 1.5 : 2.0; }

__global__ void fill_words(std::uint32_t* p, std::size_t n, std::uint64_t salt, int bits_per_element_words, int n_bits) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  std::uint32_t v = static_cast<std::uint32_t>(splitmix64(salt * 0x100000000ull + i) >> 13);
  if (bits_per_element_words > 0) {  // element layout: bits N and up of each element zero
    const int bit = static_cast<int>(i % static_cast<std::size_t>(bits_per_element_words)) * 32;
    if (bit >= n_bits) v = 0;
    else if (n_bits - bit < 32) v &= (1u << (n_bits - bit)) - 1u;
  }
  p[i] = v;
}

/// The paper's timing: one warm-up, 5 runs, the mean of the middle 3 (seconds).
template <class Launch> double trimmed_mean_time(Launch&& launch) {
  std::vector<double> t = run_times(5, launch);
  std::sort(t.begin(), t.end());
  return (t[1] + t[2] + t[3]) / 3;
}

/// a * b mod P for one element given as 32-bit words (host, bit-serial; the spot check).
std::vector<std::uint32_t> host_mul(const std::uint32_t* a, const std::uint32_t* b, const Poly& p, int stride) {
  const int n = p.degree();
  std::vector<std::uint8_t> h(2 * n, 0);
  for (int x = 0; x < n; ++x) {
    if (((a[x / 32] >> (x % 32)) & 1u) == 0) continue;
    for (int y = 0; y < n; ++y) h[x + y] ^= static_cast<std::uint8_t>((b[y / 32] >> (y % 32)) & 1u);
  }
  for (int r = 2 * n - 2; r >= n; --r) {
    if (h[r] == 0) continue;
    h[r] = 0;
    for (int k = 1; k < p.num_terms(); ++k) h[r - n + p.exp(k)] ^= 1;
  }
  std::vector<std::uint32_t> out(stride, 0);
  for (int x = 0; x < n; ++x) out[x / 32] |= static_cast<std::uint32_t>(h[x]) << (x % 32);
  return out;
}

std::vector<std::uint32_t> download(const std::uint32_t* p, std::size_t at, std::size_t n) {
  std::vector<std::uint32_t> v(n);
  WARPNUM_BENCH_CUDA(cudaMemcpy(v.data(), p + at, n * 4, cudaMemcpyDeviceToHost));
  return v;
}

/// Element e of chunk k (chunk layout) as 32-bit words.
std::vector<std::uint32_t> chunk_element(const std::vector<std::uint32_t>& rows, int n, int e) {
  std::vector<std::uint32_t> out((n + 31) / 32, 0);
  for (int i = 0; i < n; ++i) out[i / 32] |= ((rows[i] >> e) & 1u) << (i % 32);
  return out;
}

template <int N, int Levels> Measurement run(GF2nMulKernel which, bool chunk_layout, const char* strategy) {
  constexpr Poly P = default_poly(N);  // NTL's defaults, the paper's polynomials
  constexpr int stride = warp::gf2n_element_words32<N>;
  // 2^20 chunks (2^25 products), fewer where an operand would pass 2 GiB
  const std::size_t max_chunks = std::min<std::size_t>(std::size_t{1} << 20, (std::size_t{1} << 31) / (4 * static_cast<std::size_t>(N)));
  const std::size_t words = max_chunks * 32 * stride;  // elements take stride >= N / 32 words each
  DeviceBuffer<std::uint32_t> a(words);
  DeviceBuffer<std::uint32_t> b(words);
  DeviceBuffer<std::uint32_t> c(words);
  const int element_words = chunk_layout ? 0 : stride;
  fill_words<<<static_cast<unsigned>((words + 255) / 256), 256>>>(a.get(), words, 1, element_words, N);
  fill_words<<<static_cast<unsigned>((words + 255) / 256), 256>>>(b.get(), words, 2, element_words, N);
  WARPNUM_BENCH_CUDA(cudaGetLastError());
  Measurement m;
  const double paper = paper_h100(N);
  for (std::size_t chunks = std::size_t{1} << 14;; chunks *= 4) {
    if (chunks > max_chunks) chunks = max_chunks;
    const double seconds = trimmed_mean_time([&] {
      if (chunk_layout) batch::gf2n_mul_chunks<N, P, Levels>(a.get(), b.get(), c.get(), chunks, which);
      else {
        using Word = warp::GF2nWord<N>;
        batch::gf2n_mul<N, P, Levels>(reinterpret_cast<const Word*>(a.get()), reinterpret_cast<const Word*>(b.get()),
                              reinterpret_cast<Word*>(c.get()), chunks * 32, which);
      }
    });
    const double mults = static_cast<double>(chunks) * 32;
    std::printf("    gf2n %s %-6s N=%4d  2^%-2d chunks  %9.3f ms  %10.4g mult/s", chunk_layout ? "chunks  " : "elements",
                strategy, N, __builtin_ctzll(chunks), seconds * 1e3, mults / seconds);
    if (paper > 0) std::printf("  paper %.4g  x%.2f (target x%.1f)", paper, mults / seconds / paper, target_factor(N));
    std::printf("\n");
    m.seconds = seconds;
    m.ops = mults;
    m.bytes = 3.0 * mults * (chunk_layout ? N / 8.0 : 4.0 * stride);
    if (chunks == max_chunks) break;
  }
  // spot check: elements 0, 31 of chunk 0 and of the last chunk
  const std::size_t chunks = max_chunks;
  for (const std::size_t k : {std::size_t{0}, chunks - 1}) {
    for (const int e : {0, 31}) {
      std::vector<std::uint32_t> x;
      std::vector<std::uint32_t> y;
      std::vector<std::uint32_t> z;
      if (chunk_layout) {
        const auto ra = download(a.get(), k * N, N);
        const auto rb = download(b.get(), k * N, N);
        const auto rc = download(c.get(), k * N, N);
        x = chunk_element(ra, N, e);
        y = chunk_element(rb, N, e);
        z = chunk_element(rc, N, e);
        x.resize(stride);
        y.resize(stride);
        z.resize(stride);
      } else {
        x = download(a.get(), (32 * k + e) * stride, stride);
        y = download(b.get(), (32 * k + e) * stride, stride);
        z = download(c.get(), (32 * k + e) * stride, stride);
      }
      if (host_mul(x.data(), y.data(), P, stride) != z) {
        m.correct = false;
        m.note = "chunk " + std::to_string(k) + " element " + std::to_string(e) + " differs from the host's";
      }
    }
  }
  return m;
}

template <int N, int Levels = 0> void add(const char* strategy, GF2nMulKernel which) {
  Case c;
  c.op = "gf2n_mul";
  c.strategy = strategy;
  c.bits = N;
  c.lanes = which == GF2nMulKernel::register_cache ? 32 : which == GF2nMulKernel::thread ? 1 : (N + 31) / 32;
  c.reference = paper_h100(N);
  c.compute = [=](const Params&) { return run<N, Levels>(which, true, strategy); };
  c.batch = [=](const Params&) { return run<N, Levels>(which, false, strategy); };
  registry().push_back(c);
}

}  // namespace

void register_gf2n_cases() {
  constexpr auto diag = GF2nMulKernel::diagonal;
  add<32>("thread", GF2nMulKernel::thread);
  add<32>("rcache", GF2nMulKernel::register_cache);
  add<64>("thread", GF2nMulKernel::thread);
  add<64>("rcache", GF2nMulKernel::register_cache);
  add<64>("lanes", GF2nMulKernel::lanes);
  add<64, 0>("diag", diag);
  add<64, 1>("kara1", diag);
  add<128>("lanes", GF2nMulKernel::lanes);
  add<128, 0>("diag", diag);
  add<128, 1>("kara1", diag);
  add<128, 2>("kara2", diag);
  add<256>("lanes", GF2nMulKernel::lanes);
  add<256, 0>("diag", diag);
  add<256, 1>("kara1", diag);
  add<256, 2>("kara2", diag);
  add<256, 3>("kara3", diag);
  add<512, 0>("diag", diag);
  add<512, 1>("kara1", diag);
  add<512, 2>("kara2", diag);
  add<512, 3>("kara3", diag);
  add<1024, 0>("diag", diag);
  add<1024, 2>("kara2", diag);
  add<1024, 3>("kara3", diag);
  add<1024, 4>("kara4", diag);
  add<2048, 0>("diag", diag);
  add<2048, 2>("kara2", diag);
  add<2048, 3>("kara3", diag);
  add<2048, 4>("kara4", diag);
  add<4096, 0>("diag", diag);
  add<4096, 2>("kara2", diag);
  add<4096, 3>("kara3", diag);
}

}  // namespace warpnum::bench
