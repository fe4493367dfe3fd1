// SPDX-License-Identifier: Apache-2.0
// tests/device/warp/gf2n_sliced_mul_test.cu: bit-sliced batch multiplication in GF(2^N) (batch/kernel/gf2n_mul.hpp and
// its kernels batch/kernel/gf2n_mul/common.hpp, batch/kernel/gf2n_mul/thread.hpp,
// batch/kernel/gf2n_mul/register_cache.hpp, batch/kernel/gf2n_mul/lanes.hpp, batch/kernel/gf2n_mul/diagonal.hpp,
// warp/gf2n_sliced_mul.hpp, warp/gf2n_register_cache_mul.hpp, warp/gf2n_sliced.hpp) against a bit-serial host
// reference written here (shift-and-add product, then the reduction a bit at a time from the top), every element
// compared: each kernel that takes N, in element layout (a partial last chunk) and in chunk layout, edge inputs
// (0, 1, all ones, x^(N-1), x^(N-1) + 1) and random ones, for 2-gapped and other polynomials, and a * b + c * d on
// GF2nSliced in a user kernel.
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/batch/kernel/gf2n_mul.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/warp/gf2n_sliced.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using batch::GF2nMulKernel;

/// Elements as 32-bit words, `stride` a element (warp::gf2n_element_words32<N>).
struct Elements {
  int n = 0;
  int stride = 0;
  std::vector<std::uint32_t> words;
  bool bit(std::size_t i, int j) const { return (words[i * stride + j / 32] >> (j % 32)) & 1u; }
  void flip(std::size_t i, int j) { words[i * stride + j / 32] ^= 1u << (j % 32); }
  std::size_t size() const { return words.size() / stride; }
};

/// a * b mod P, bit-serial: the product by shifted copies of b for each set bit of a, then from bit 2N - 2 down to
/// bit N each set bit r cleared and bits r - N + e set for P's other exponents e.
std::vector<std::uint32_t> reference_mul(const Elements& a, const Elements& b, std::size_t i, const Poly& p) {
  const int n = a.n;
  std::vector<std::uint8_t> h(2 * n, 0);
  for (int x = 0; x < n; ++x) {
    if (!a.bit(i, x)) continue;
    for (int y = 0; y < n; ++y) h[x + y] ^= static_cast<std::uint8_t>(b.bit(i, y));
  }
  for (int r = 2 * n - 2; r >= n; --r) {
    if (h[r] == 0) continue;
    h[r] = 0;
    for (int k = 1; k < p.num_terms(); ++k) h[r - n + p.exp(k)] ^= 1;
  }
  std::vector<std::uint32_t> out(a.stride, 0);
  for (int x = 0; x < n; ++x) {
    if (h[x] != 0) out[x / 32] |= 1u << (x % 32);
  }
  return out;
}

/// count elements of GF(2^N): the edge values first (0, 1, all ones, x^(N-1), x^(N-1) + 1, x^(N/2)), then random.
Elements make_elements(int n, int stride, std::size_t count, Rng& rng, int rotate) {
  Elements e{n, stride, std::vector<std::uint32_t>(count * stride, 0)};
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t kind = (i + static_cast<std::size_t>(rotate)) % 40;
    switch (kind) {
      case 0: break;
      case 1: e.flip(i, 0); break;
      case 2:
        for (int j = 0; j < n; ++j) e.flip(i, j);
        break;
      case 3: e.flip(i, n - 1); break;
      case 4:
        e.flip(i, n - 1);
        e.flip(i, 0);
        break;
      case 5: e.flip(i, n / 2); break;
      default:
        for (int j = 0; j < n; ++j) {
          if (rng.next() & 1u) e.flip(i, j);
        }
    }
  }
  return e;
}

/// Elements -> chunk layout (whole chunks, the missing elements zero), and back.
std::vector<std::uint32_t> to_chunks(const Elements& e) {
  const std::size_t chunks = (e.size() + 31) / 32;
  std::vector<std::uint32_t> rows(chunks * e.n, 0);
  for (std::size_t i = 0; i < e.size(); ++i) {
    for (int j = 0; j < e.n; ++j) {
      if (e.bit(i, j)) rows[(i / 32) * e.n + j] |= 1u << (i % 32);
    }
  }
  return rows;
}
std::vector<std::uint32_t> from_chunks(const std::vector<std::uint32_t>& rows, int n, int stride, std::size_t count) {
  std::vector<std::uint32_t> out(count * stride, 0);
  for (std::size_t i = 0; i < count; ++i) {
    for (int j = 0; j < n; ++j) {
      if ((rows[(i / 32) * n + j] >> (i % 32)) & 1u) out[i * stride + j / 32] |= 1u << (j % 32);
    }
  }
  return out;
}

const char* kernel_name(GF2nMulKernel k) {
  switch (k) {
    case GF2nMulKernel::automatic: return "automatic";
    case GF2nMulKernel::thread: return "thread";
    case GF2nMulKernel::register_cache: return "register_cache";
    case GF2nMulKernel::diagonal: return "diagonal";
    case GF2nMulKernel::lanes: return "lanes";
  }
  return "?";
}

std::string poly_name(const Poly& p) {
  std::ostringstream os;
  for (int k = 0; k < p.num_terms(); ++k) os << (k ? "," : "") << p.exp(k);
  return os.str();
}


/// Runs `which` on count elements in both layouts and compares every element with reference_mul.
template <int N, Poly P, int Levels = -1> void check_kernel(GF2nMulKernel which, std::size_t count) {
  constexpr int stride = warp::gf2n_element_words32<N>;
  const std::string what = "gf2n_mul<" + std::to_string(N) + ", {" + poly_name(P) + "}, " + std::to_string(Levels) + "> " +
                           kernel_name(which);
  const std::uint64_t seed = mix_seed(base_seed() ^ mix_seed(seed_for(what)));  // both mix in WARPNUM_TEST_SEED
  Rng rng(seed);
  const Elements a = make_elements(N, stride, count, rng, 0);
  const Elements b = make_elements(N, stride, count, rng, 7);
  std::vector<std::uint32_t> want(count * stride);
  for (std::size_t i = 0; i < count; ++i) {
    const auto r = reference_mul(a, b, i, P);
    for (int k = 0; k < stride; ++k) want[i * stride + k] = r[k];
  }
  const auto compare = [&](const std::vector<std::uint32_t>& got, const char* layout) {
    std::size_t bad = 0;
    for (std::size_t i = 0; i < count; ++i) {
      bool same = true;
      for (int k = 0; k < stride; ++k) same = same && got[i * stride + k] == want[i * stride + k];
      if (same) continue;
      if (++bad > 3) continue;
      std::ostringstream os;
      os << std::hex;
      for (int k = stride - 1; k >= 0; --k) os << " a " << a.words[i * stride + k] << " b " << b.words[i * stride + k] << " host "
                                               << want[i * stride + k] << " device " << got[i * stride + k] << ";";
      ADD_FAILURE() << what << " (" << layout << "): element " << i << " differs (seed 0x" << std::hex << seed << std::dec
                    << "), words high to low:" << os.str();
    }
    EXPECT_EQ(bad, 0u) << what << " (" << layout << ")";
  };

  // element layout, with guard words past the end that must stay as poisoned
  {
    constexpr std::size_t guard = 64;
    DeviceArray<std::uint32_t> da(count * stride);
    DeviceArray<std::uint32_t> db(count * stride);
    DeviceArray<std::uint32_t> dc(count * stride + guard);
    WARPNUM_TEST_CUDA(cudaMemcpy(da.get(), a.words.data(), da.bytes(), cudaMemcpyHostToDevice));
    WARPNUM_TEST_CUDA(cudaMemcpy(db.get(), b.words.data(), db.bytes(), cudaMemcpyHostToDevice));
    WARPNUM_TEST_CUDA(cudaMemset(dc.get(), 0xa5, dc.bytes()));
    using Word = warp::GF2nWord<N>;
    batch::gf2n_mul<N, P, Levels>(reinterpret_cast<const Word*>(da.get()), reinterpret_cast<const Word*>(db.get()),
                          reinterpret_cast<Word*>(dc.get()), count, which);
    WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
    std::vector<std::uint32_t> got(count * stride + guard);
    WARPNUM_TEST_CUDA(cudaMemcpy(got.data(), dc.get(), dc.bytes(), cudaMemcpyDeviceToHost));
    for (std::size_t k = count * stride; k < got.size(); ++k) EXPECT_EQ(got[k], 0xa5a5a5a5u) << what << ": wrote past the end at word " << k;
    got.resize(count * stride);
    compare(got, "elements");
  }
  // chunk layout
  {
    const std::vector<std::uint32_t> ra = to_chunks(a);
    const std::vector<std::uint32_t> rb = to_chunks(b);
    const std::size_t chunks = ra.size() / N;
    DeviceArray<std::uint32_t> da(ra.size());
    DeviceArray<std::uint32_t> db(rb.size());
    DeviceArray<std::uint32_t> dc(ra.size());
    WARPNUM_TEST_CUDA(cudaMemcpy(da.get(), ra.data(), da.bytes(), cudaMemcpyHostToDevice));
    WARPNUM_TEST_CUDA(cudaMemcpy(db.get(), rb.data(), db.bytes(), cudaMemcpyHostToDevice));
    WARPNUM_TEST_CUDA(cudaMemset(dc.get(), 0xa5, dc.bytes()));
    batch::gf2n_mul_chunks<N, P, Levels>(da.get(), db.get(), dc.get(), chunks, which);
    WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
    std::vector<std::uint32_t> rc(ra.size());
    WARPNUM_TEST_CUDA(cudaMemcpy(rc.data(), dc.get(), dc.bytes(), cudaMemcpyDeviceToHost));
    compare(from_chunks(rc, N, stride, count), "chunks");
  }
}

/// Every kernel that takes N, on 5 chunks and a partial sixth (or 2 chunks and a part from N = 1024); the diagonal
/// kernel with each number of Karatsuba levels that fits N, up to 4.
template <int N, Poly P> void check_all() {
  const std::size_t count = N >= 1024 ? 2 * 32 + 9 : 5 * 32 + 17;
  if constexpr (N <= 64) {
    check_kernel<N, P>(GF2nMulKernel::thread, count);
    check_kernel<N, P>(GF2nMulKernel::register_cache, count);
  }
  if constexpr (batch::kernel::gf2n_lanes_fit(N, P.exp(1))) check_kernel<N, P>(GF2nMulKernel::lanes, count);
  if constexpr (N > 32) {
    check_kernel<N, P, 0>(GF2nMulKernel::diagonal, count);
    if constexpr (batch::detail::gf2n_levels_fit(N, 1)) check_kernel<N, P, 1>(GF2nMulKernel::diagonal, count);
    if constexpr (batch::detail::gf2n_levels_fit(N, 2)) check_kernel<N, P, 2>(GF2nMulKernel::diagonal, count);
    if constexpr (batch::detail::gf2n_levels_fit(N, 3)) check_kernel<N, P, 3>(GF2nMulKernel::diagonal, count);
    if constexpr (batch::detail::gf2n_levels_fit(N, 4)) check_kernel<N, P, 4>(GF2nMulKernel::diagonal, count);
  }
  check_kernel<N, P>(GF2nMulKernel::automatic, count);
}

class GF2nSlicedMul : public DeviceTest {};

TEST_F(GF2nSlicedMul, N8) { check_all<8, Poly{8, 4, 3, 1, 0}>(); }
TEST_F(GF2nSlicedMul, N16) { check_all<16, Poly{16, 5, 3, 1, 0}>(); }
TEST_F(GF2nSlicedMul, N32) { check_all<32, Poly{32, 7, 3, 2, 0}>(); }
TEST_F(GF2nSlicedMul, N32NotTwoGapped) { check_all<32, Poly{32, 31, 5, 0}>(); }
TEST_F(GF2nSlicedMul, N48) { check_all<48, Poly{48, 9, 7, 4, 0}>(); }
TEST_F(GF2nSlicedMul, N64) { check_all<64, Poly{64, 4, 3, 1, 0}>(); }
TEST_F(GF2nSlicedMul, N64NotTwoGapped) { check_all<64, Poly{64, 40, 7, 0}>(); }
TEST_F(GF2nSlicedMul, N96) { check_all<96, Poly{96, 10, 9, 6, 0}>(); }
TEST_F(GF2nSlicedMul, N128) { check_all<128, Poly{128, 7, 2, 1, 0}>(); }
TEST_F(GF2nSlicedMul, N128E16) { check_all<128, Poly{128, 16, 3, 0}>(); }
TEST_F(GF2nSlicedMul, N128NotTwoGapped) { check_all<128, Poly{128, 100, 1, 0}>(); }
TEST_F(GF2nSlicedMul, N256) { check_all<256, Poly{256, 10, 5, 2, 0}>(); }
TEST_F(GF2nSlicedMul, N512) { check_all<512, Poly{512, 8, 5, 2, 0}>(); }
TEST_F(GF2nSlicedMul, N1024) { check_all<1024, Poly{1024, 19, 6, 1, 0}>(); }
TEST_F(GF2nSlicedMul, N2048) { check_all<2048, Poly{2048, 19, 14, 13, 0}>(); }
TEST_F(GF2nSlicedMul, N4096) { check_all<4096, Poly{4096, 27, 15, 1, 0}>(); }

/// A user kernel on sliced data: r = a * b + c * d, one thread a chunk, transposed in and out once. (P as its
/// exponents: batch/kernel/gf2n_mul.hpp's for_poly_exps says why.)
template <int N, int... Exps>
__global__ void sliced_mul_add(const warp::GF2nWord<N>* a, const warp::GF2nWord<N>* b, const warp::GF2nWord<N>* c,
                               const warp::GF2nWord<N>* d, warp::GF2nWord<N>* r, std::size_t n) {
  using S = warp::GF2nSliced<N, Poly{Exps...}>;
  constexpr std::size_t words = N <= 32 ? 1 : (N + 63) / 64;
  const std::size_t k = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (32 * k >= n) return;
  const unsigned m = n - 32 * k < 32 ? static_cast<unsigned>(n - 32 * k) : 32u;
  const std::size_t at = 32 * k * words;
  const S x = S::load(a + at, m) * S::load(b + at, m) + S::load(c + at, m) * S::load(d + at, m);
  x.store(r + at, m);
}

template <int N, Poly P> void check_sliced_mul_add() {
  constexpr int stride = warp::gf2n_element_words32<N>;
  constexpr std::size_t count = 3 * 32 + 5;
  const std::string what = "GF2nSliced<" + std::to_string(N) + "> a * b + c * d";
  const std::uint64_t seed = mix_seed(base_seed() ^ mix_seed(seed_for(what)));  // both mix in WARPNUM_TEST_SEED
  Rng rng(seed);
  const Elements in[4] = {make_elements(N, stride, count, rng, 0), make_elements(N, stride, count, rng, 3),
                          make_elements(N, stride, count, rng, 11), make_elements(N, stride, count, rng, 19)};
  DeviceArray<std::uint32_t> d[5] = {DeviceArray<std::uint32_t>(count * stride), DeviceArray<std::uint32_t>(count * stride),
                                     DeviceArray<std::uint32_t>(count * stride), DeviceArray<std::uint32_t>(count * stride),
                                     DeviceArray<std::uint32_t>(count * stride)};
  for (int k = 0; k < 4; ++k) WARPNUM_TEST_CUDA(cudaMemcpy(d[k].get(), in[k].words.data(), d[k].bytes(), cudaMemcpyHostToDevice));
  using Word = warp::GF2nWord<N>;
  const auto p = [&](int k) { return reinterpret_cast<Word*>(d[k].get()); };
  batch::kernel::for_poly_exps<P>([&](auto... e) { sliced_mul_add<N, decltype(e)::value...><<<1, 64>>>(p(0), p(1), p(2), p(3), p(4), count); });
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  std::vector<std::uint32_t> got(count * stride);
  WARPNUM_TEST_CUDA(cudaMemcpy(got.data(), d[4].get(), d[4].bytes(), cudaMemcpyDeviceToHost));
  std::size_t bad = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const auto ab = reference_mul(in[0], in[1], i, P);
    const auto cd = reference_mul(in[2], in[3], i, P);
    for (int k = 0; k < stride; ++k) {
      if (got[i * stride + k] != (ab[k] ^ cd[k]) && ++bad <= 3)
        ADD_FAILURE() << what << ": element " << i << " word " << k << " differs (seed 0x" << std::hex << seed << ")";
    }
  }
  EXPECT_EQ(bad, 0u) << what;
}

TEST_F(GF2nSlicedMul, SlicedMulAdd8) { check_sliced_mul_add<8, Poly{8, 4, 3, 1, 0}>(); }
TEST_F(GF2nSlicedMul, SlicedMulAdd32) { check_sliced_mul_add<32, Poly{32, 7, 3, 2, 0}>(); }
TEST_F(GF2nSlicedMul, SlicedMulAdd64) { check_sliced_mul_add<64, Poly{64, 4, 3, 1, 0}>(); }

}  // namespace
}  // namespace warpnum::test
