// SPDX-License-Identifier: Apache-2.0
// tests/device/warp/gf2n_transpose_test.cu: the transposes of warp/gf2n_transpose.hpp against a bit-by-bit host
// transpose and bit-slicing written here. transpose32 runs on the host, without a GPU, and in a kernel: single-bit
// matrices, edge and random ones. Then one thread a chunk of 32 elements of GF(2^N), for N = 8, 32, 33, 64, 127, 128
// and 256: elements_to_rows and rows_to_elements (N <= 64), and load_column and store_column for every N, each
// direction against the host and a round trip. Each chunk takes a count of elements (0, 1, 7, 31, 32, ...). Elements
// from count on must read as zero and stay unwritten, and guard words past the end of each buffer must keep
// their poison.
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/warp/gf2n_transpose.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

/// A 32 x 32 bit matrix as 32 words (row k = limb k), so that the shared generator's edge and random values fill it.
using Matrix = BigUInt<1024>;
static_assert(Matrix::num_limbs == 32);

/// Bit b of row k moves to bit k of row b, one bit at a time.
Matrix reference_transpose(const Matrix& m) {
  Matrix t{};
  for (int k = 0; k < 32; ++k) {
    for (int b = 0; b < 32; ++b) {
      if ((m.limb(k) >> b) & 1u) t.data()[b] |= 1u << k;
    }
  }
  return t;
}

/// The header's transpose32, on the host and on the device.
struct Transpose32 {
  WARPNUM_HD Matrix operator()(const Matrix& m) const {
    Matrix t = m;
    warp::transpose32(t.limbs_);
    return t;
  }
};

/// Every single-bit matrix, the shared edge values and random matrices.
std::vector<Matrix> matrices(std::uint64_t seed) {
  std::vector<Matrix> v = edge_values<Matrix>();
  for (int k = 0; k < 32; ++k) {
    for (int b = 0; b < 32; ++b) {
      Matrix m{};
      m.data()[k] = 1u << b;
      v.push_back(m);
    }
  }
  Rng rng(seed);
  for (int i = 0; i < 2000; ++i) v.push_back(random_value<Matrix>(rng));
  return v;
}

/// This test's seed, from WARPNUM_TEST_SEED (base_seed) and the test's name. seed_for mixes WARPNUM_TEST_SEED in as
/// well, so it is mixed once more before the two meet: base_seed() ^ seed_for(what) would cancel it out.
std::uint64_t test_seed(const std::string& what) { return mix_seed(base_seed() ^ mix_seed(seed_for(what))); }

/// Expects out[i] == reference_transpose(in[i]) for every i; the first few differences printed with the seed.
void expect_transposes(const std::vector<Matrix>& in, const std::vector<Matrix>& out, const std::string& what,
                       std::uint64_t seed) {
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const Matrix want = reference_transpose(in[i]);
    if (want == out[i]) continue;
    if (++mismatches > 5) continue;
    std::ostringstream rows;
    for (int k = 0; k < 32; ++k) {
      if (want.limb(k) != out[i].limb(k))
        rows << "\n      row " << std::dec << k << ": reference 0x" << std::hex << want.limb(k) << ", transpose32 0x"
             << out[i].limb(k);
    }
    ADD_FAILURE() << what << ": matrix " << i << " transposed wrongly (seed 0x" << std::hex << seed
                  << ", WARPNUM_TEST_SEED=0x" << base_seed() << std::dec << ")" << rows.str();
  }
  EXPECT_EQ(mismatches, 0u) << what << ": mismatches out of " << in.size() << " matrices";
}

TEST(WarpTranspose32, Host) {
  const std::uint64_t seed = test_seed("transpose32 host");
  const std::vector<Matrix> in = matrices(seed);
  std::vector<Matrix> out;
  for (const Matrix& m : in) out.push_back(Transpose32{}(m));
  expect_transposes(in, out, "transpose32 on the host", seed);
  for (std::size_t i = 0; i < in.size(); ++i) {  // an involution
    if (Transpose32{}(out[i]) != in[i]) ADD_FAILURE() << "transpose32 twice differs from the matrix " << i;
  }
}

class WarpTranspose : public DeviceTest {};

TEST_F(WarpTranspose, Transpose32) {
  const std::uint64_t seed = test_seed("transpose32 device");
  const std::vector<Matrix> in = matrices(seed);
  expect_transposes(in, expect_device_matches_host(Transpose32{}, in, seed), "transpose32 on the device", seed);
}

constexpr std::uint32_t poison = 0xa5a5a5a5u;
constexpr std::size_t guard = 40;  // poisoned words past the end of each output buffer

/// The rows a chunk's thread keeps: N for elements_to_rows, whole columns for load_column.
template <int N, bool Columns> constexpr int chunk_rows = Columns ? warp::gf2n_padded_rows<N> : N;

/// One thread a chunk t of 32 elements (stride words each, counts[t] of them present): the rows of elems' chunk to
/// rows_out; those rows back to elements in round_trip; rows_in's rows to elements in from_rows. Columns: by
/// load_column and store_column, else by elements_to_rows and rows_to_elements.
template <int N, bool Columns>
__global__ void chunk_kernel(const std::uint32_t* elems, const unsigned* counts, std::uint32_t* rows_out,
                             std::uint32_t* round_trip, const std::uint32_t* rows_in, std::uint32_t* from_rows,
                             std::size_t chunks) {
  constexpr int stride = warp::gf2n_element_words32<N>;
  constexpr int R = chunk_rows<N, Columns>;
  const std::size_t t = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= chunks) return;
  const unsigned count = counts[t];
  const std::size_t at = 32 * stride * t;
  const auto to_elements = [&](const std::uint32_t (&rows)[R], std::uint32_t* out) {
    if constexpr (Columns) {
      for (int c = 0; c < stride; ++c) {
        std::uint32_t col[32];
        for (int r = 0; r < 32; ++r) col[r] = 32 * c + r < R ? rows[32 * c + r] : 0u;
        warp::store_column(warp::ElementWords(out) + at, stride, c, count, col);
      }
    } else {
      warp::rows_to_elements<N>(rows, warp::ElementWords(out) + at, count);
    }
  };
  std::uint32_t rows[R];
  if constexpr (Columns) {
    for (int c = 0; c < R / 32; ++c) {
      std::uint32_t col[32];
      warp::load_column(warp::ConstElementWords(elems) + at, stride, c, count, col);
      for (int r = 0; r < 32; ++r) rows[32 * c + r] = col[r];
    }
  } else {
    warp::elements_to_rows<N>(warp::ConstElementWords(elems) + at, count, rows);
  }
  for (int j = 0; j < R; ++j) rows_out[t * R + j] = rows[j];
  to_elements(rows, round_trip);
  for (int j = 0; j < R; ++j) rows[j] = rows_in[t * R + j];
  to_elements(rows, from_rows);
}

/// Host bit-slicing: row j (j < R) of chunk t holds bit j of element e of the chunk in bit e, for e < counts[t].
std::vector<std::uint32_t> slice(const std::vector<std::uint32_t>& elems, const std::vector<unsigned>& counts,
                                 int stride, int R) {
  std::vector<std::uint32_t> rows(counts.size() * R + guard, poison);
  for (std::size_t t = 0; t < counts.size(); ++t) {
    for (int j = 0; j < R; ++j) {
      std::uint32_t row = 0;
      for (unsigned e = 0; e < counts[t]; ++e) row |= ((elems[(32 * t + e) * stride + j / 32] >> (j % 32)) & 1u) << e;
      rows[t * R + j] = row;
    }
  }
  return rows;
}

/// Its inverse: bit j of element e of chunk t from bit e of row j (zero for j >= R), for e < counts[t]; the other
/// elements keep their poison.
std::vector<std::uint32_t> unslice(const std::vector<std::uint32_t>& rows, const std::vector<unsigned>& counts,
                                   int stride, int R) {
  std::vector<std::uint32_t> elems(counts.size() * 32 * stride + guard, poison);
  for (std::size_t t = 0; t < counts.size(); ++t) {
    for (unsigned e = 0; e < counts[t]; ++e) {
      for (int w = 0; w < stride; ++w) {
        std::uint32_t word = 0;
        for (int b = 0; b < 32 && 32 * w + b < R; ++b) word |= ((rows[t * R + 32 * w + b] >> e) & 1u) << b;
        elems[(32 * t + e) * stride + w] = word;
      }
    }
  }
  return elems;
}

/// Expects equal buffers, naming the first few differing words by chunk and position (rows or element words).
void expect_words(const std::vector<std::uint32_t>& want, const std::vector<std::uint32_t>& got, std::size_t per_chunk,
                  std::size_t chunks, const std::string& what, std::uint64_t seed) {
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (want[i] == got[i]) continue;
    if (++mismatches > 5) continue;
    const std::string where = i >= per_chunk * chunks
                                  ? "guard word " + std::to_string(i - per_chunk * chunks) + " past the end"
                                  : "chunk " + std::to_string(i / per_chunk) + " word " + std::to_string(i % per_chunk);
    ADD_FAILURE() << what << ": " << where
                  << ": host 0x" << std::hex << want[i] << ", device 0x" << got[i] << " (seed 0x" << seed
                  << ", WARPNUM_TEST_SEED=0x" << base_seed() << std::dec << ")";
  }
  EXPECT_EQ(mismatches, 0u) << what << ": differing words out of " << want.size();
}

template <int N, bool Columns> void check_chunks() {
  constexpr int stride = warp::gf2n_element_words32<N>;
  constexpr int R = chunk_rows<N, Columns>;
  using Element = BigUInt<32 * stride>;  // an element's words, drawn by the shared generator
  const std::string what = std::string(Columns ? "load_column/store_column" : "elements_to_rows/rows_to_elements") +
                           " N=" + std::to_string(N);
  const std::uint64_t seed = test_seed(what);
  Rng rng(seed);
  // Counts: none, partial ones (1, 7, 31, 16) among whole chunks, then random ones.
  std::vector<unsigned> counts = {32, 0, 1, 7, 31, 32, 16, 32};
  while (counts.size() < 48) counts.push_back(rng.chance(1, 2) ? 32u : static_cast<unsigned>(rng.below(33)));
  const std::size_t chunks = counts.size();
  // Every element in memory, present or not, edge values first: bits N and up set at times, which the element
  // transposes must ignore; the missing elements of a chunk must read as zero.
  const std::vector<Element> edges = edge_values<Element>();
  std::vector<std::uint32_t> elems(32 * chunks * stride);
  for (std::size_t i = 0; i < 32 * chunks; ++i) {
    const Element x = i < edges.size() ? edges[i] : random_value<Element>(rng);
    for (int w = 0; w < stride; ++w) elems[i * stride + w] = x.limb(w);
  }
  std::vector<std::uint32_t> rows_in(chunks * R);
  for (std::size_t t = 0; t < chunks; ++t) random_words(rng, rows_in.data() + t * R, R);

  DeviceArray<std::uint32_t> d_elems(elems.size());
  DeviceArray<unsigned> d_counts(chunks);
  DeviceArray<std::uint32_t> d_rows_in(rows_in.size());
  DeviceArray<std::uint32_t> d_rows_out(chunks * R + guard);
  DeviceArray<std::uint32_t> d_round_trip(elems.size() + guard);
  DeviceArray<std::uint32_t> d_from_rows(elems.size() + guard);
  WARPNUM_TEST_CUDA(cudaMemcpy(d_elems.get(), elems.data(), d_elems.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_counts.get(), counts.data(), d_counts.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_rows_in.get(), rows_in.data(), d_rows_in.bytes(), cudaMemcpyHostToDevice));
  for (const auto* d : {&d_rows_out, &d_round_trip, &d_from_rows})
    WARPNUM_TEST_CUDA(cudaMemset(d->get(), 0xa5, d->bytes()));
  constexpr unsigned threads = 32;
  chunk_kernel<N, Columns><<<static_cast<unsigned>((chunks + threads - 1) / threads), threads>>>(
      d_elems.get(), d_counts.get(), d_rows_out.get(), d_round_trip.get(), d_rows_in.get(), d_from_rows.get(), chunks);
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  const auto fetch = [](const DeviceArray<std::uint32_t>& d) {
    std::vector<std::uint32_t> v(d.bytes() / 4);
    WARPNUM_TEST_CUDA(cudaMemcpy(v.data(), d.get(), d.bytes(), cudaMemcpyDeviceToHost));
    return v;
  };
  const std::vector<std::uint32_t> rows = slice(elems, counts, stride, R);
  expect_words(rows, fetch(d_rows_out), R, chunks, what + ": elements to rows", seed);
  expect_words(unslice(rows, counts, stride, R), fetch(d_round_trip), 32 * stride, chunks, what + ": round trip", seed);
  expect_words(unslice(rows_in, counts, stride, R), fetch(d_from_rows), 32 * stride, chunks,
               what + ": rows to elements", seed);
}

TEST(WarpTransposeOracle, SliceRoundTrip) {  // the host oracle itself: unslice(slice(x)) is x, bits R and up cleared
  const std::vector<unsigned> counts = {32, 5};
  std::vector<std::uint32_t> elems(64 * 4);
  Rng rng(test_seed("oracle"));
  random_words(rng, elems.data(), static_cast<int>(elems.size()));
  const std::vector<std::uint32_t> back = unslice(slice(elems, counts, 4, 127), counts, 4, 127);
  for (std::size_t e = 0; e < 64; ++e) {
    for (int w = 0; w < 4; ++w) {
      const std::uint32_t want = e < 32 + 5 ? (w == 3 ? elems[e * 4 + w] & 0x7fffffffu : elems[e * 4 + w]) : poison;
      EXPECT_EQ(back[e * 4 + w], want) << "element " << e << " word " << w;
    }
  }
}

TEST_F(WarpTranspose, ElementsToRows8) { check_chunks<8, false>(); }
TEST_F(WarpTranspose, ElementsToRows32) { check_chunks<32, false>(); }
TEST_F(WarpTranspose, ElementsToRows33) { check_chunks<33, false>(); }
TEST_F(WarpTranspose, ElementsToRows64) { check_chunks<64, false>(); }
TEST_F(WarpTranspose, Columns8) { check_chunks<8, true>(); }
TEST_F(WarpTranspose, Columns32) { check_chunks<32, true>(); }
TEST_F(WarpTranspose, Columns33) { check_chunks<33, true>(); }
TEST_F(WarpTranspose, Columns64) { check_chunks<64, true>(); }
TEST_F(WarpTranspose, Columns127) { check_chunks<127, true>(); }
TEST_F(WarpTranspose, Columns128) { check_chunks<128, true>(); }
TEST_F(WarpTranspose, Columns256) { check_chunks<256, true>(); }

}  // namespace
}  // namespace warpnum::test
