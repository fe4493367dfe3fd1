// SPDX-License-Identifier: Apache-2.0
// src/huge/convolve.cu: the convolutions behind Integer's multiply: number-theoretic transforms modulo three
// 31-bit primes with the Chinese remainder step (convolve_ntt), and column sums (convolve_columns: Dieguez et
// al.'s tiled convolution on the device, Comba's columns on the host). The arithmetic is include/warpnum/huge/
// ntt.hpp's, one body for the host loops and the kernels; compiled as C++ by g++ when CUDA is off.
//
// The transform of length L = n1 n2 (ntt.hpp's Plan) is the four-step layout: the data is an n1 x n2 matrix, and
// each of the 9 transforms of a product (3 primes x 2 forward + 1 inverse) is two trips through memory:
//   1. columns forward: a tile of `tile` columns in shared memory, the limbs reduced as the first step reads them
//      (the three primes' blocks of one tile are adjacent in the grid, so the limbs come from DRAM once), times the
//      four-step twiddles as the last step writes them;
//   2. rows: both operands' rows forward, the pointwise product, the rows inverse, in one kernel (the forward
//      rows' last level, the product and the inverse's first level in one pass);
//   3. columns inverse, with the inverse twiddles on the way in;
//   4. the remainder step, three residues to one 96-bit coefficient.
// Frequencies stay in the order the forward steps leave them (no bit reversal): the inverse steps undo it.
#include "device_scratch.hpp"
#include "engine.hpp"
#include "last_at_or_below.hpp"
#include "thresholds.hpp"
#include "transform_passes.hpp"

#include <warpnum/detail/per_device.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/detail/x86/ntt_avx2.hpp>
#include <warpnum/gpu_architecture.hpp>
#include <warpnum/huge/ntt.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#if WARPNUM_HAS_CUDA
#  include <cuda_pipeline_primitives.h>
#  include <cuda_runtime.h>
#endif

namespace warpnum::huge {

using warpnum::detail::throw_error;

namespace {

using ntt::Crt;
using ntt::Mod;
using ntt::Plan;
using ntt::Step;
using ntt::TableLayout;
using ntt::u32;
using ntt::u64;

constexpr int num_primes = 3;

/// Everything a transform length needs besides memory.
struct Setup {
  Plan plan;
  TableLayout layout;
  Mod mods[num_primes];
  u32 roots[num_primes][2];  ///< w_L and w_L^-1 in Montgomery form
  Crt crt;
  u32 tile;        ///< columns per column-pass block (a power of 2 dividing n2)
  u32 log2_tile;
  u32 rows;        ///< rows per row-pass block (a power of 2 dividing n1)
  u32 log2_rows;
};

u32 floor_log2(u32 x) {
  u32 r = 0;
  while ((x >> (r + 1)) != 0) ++r;
  return r;
}

Setup make_setup(std::size_t product_length) {
  Setup s{};
  s.plan = ntt::make_plan(product_length);
  s.layout = ntt::table_layout(s.plan);
  const u32 length = s.plan.length;
  for (int q = 0; q < num_primes; ++q) {
    const u32 p = ntt::prime_values[q];
    const Mod m = ntt::make_mod(p);
    s.mods[q] = m;
    const u32 w = ntt::pow_mod(ntt::prime_generators[q], (p - 1) / length, p);
    const u32 w_inv = ntt::pow_mod(w, length - 1, p);
    s.roots[q][0] = ntt::mont_mul(w, m.r2, m);
    s.roots[q][1] = ntt::mont_mul(w_inv, m.r2, m);
    const u32 length_inv = ntt::pow_mod(length % p, p - 2, p);
    s.crt.m[q] = m;
    s.crt.scale[q] = static_cast<u32>(u64{length_inv} * m.r2 % p);  // L^-1 R^2
  }
  const auto to_mont_inverse = [&](u32 x, int q) {
    const Mod m = s.mods[q];
    return ntt::mont_mul(ntt::pow_mod(x % m.p, m.p - 2, m.p), m.r2, m);
  };
  s.crt.inv_1_2 = to_mont_inverse(ntt::prime_values[0], 1);
  s.crt.inv_1_3 = to_mont_inverse(ntt::prime_values[0], 2);
  s.crt.inv_2_3 = to_mont_inverse(ntt::prime_values[1], 2);
  // Column tiles of up to 16384 words (72 KiB of shared memory, padded; a GPU may widen them: device_column_tile),
  // rows in blocks of at least 4096 words.
  u32 tile = std::min<u32>(16, s.plan.n2);
  while (tile > 1 && s.plan.n1 * tile > 16384) tile /= 2;
  s.tile = tile;
  s.log2_tile = floor_log2(tile);
  u32 rows = 1;
  while (rows * s.plan.n2 < 4096 && rows * 2 <= (u32{1} << s.plan.log2_n1)) rows *= 2;
  s.rows = rows;
  s.log2_rows = floor_log2(rows);
  return s;
}

// The coefficient bound (ntt.hpp): the product of the primes exceeds min(na, nb) (2^32 - 1)^2 for every
// na + nb <= max_length + 1.
constexpr bool coefficients_fit() {
  using u128 = unsigned __int128;
  const u128 primes = u128{ntt::prime_values[0]} * ntt::prime_values[1] * ntt::prime_values[2];
  const u128 limb = 0xffffffffu;
  return u128{(ntt::max_length + 1) / 2} * limb * limb < primes;
}
static_assert(coefficients_fit());

void check_arguments(std::size_t na, std::size_t nb) {
  if (na == 0 || nb == 0) throw_error<std::invalid_argument>("warpnum::huge::convolve: empty operand");
}

// ---------------------------------------------------------------------------------------------------------------
// Host
// ---------------------------------------------------------------------------------------------------------------

/// The columns' twiddles level by level, from a flat table of the column length M = r 2^a (tw[e] = w_M^e): w_2h^j =
/// tw[j M / 2h] at out[h - 1 + j], for the half-sizes h = 1 to 2^(a-1); 2^a - 1 words.
void column_levels_from_flat(u32* out, const u32* tw, u32 r, u32 a) {
  const u32 length = r << a;
  for (u32 h = 1; h < (u32{1} << a); h *= 2) {
    for (u32 j = 0; j < h; ++j) out[h - 1 + j] = tw[j * (length / (2 * h))];
  }
}

/// The pairs of `count` twiddles in Montgomery form (ntt::PairLevelTwiddles' words): each twiddle itself
/// (mont_mul(x, 1) = x R^-1) and its Shoup quotient.
void fill_pairs(u32* out, const u32* mont, u32 count, Mod m) {
  for (u32 j = 0; j < count; ++j) {
    const u32 w = ntt::mont_mul(mont[j], 1, m);
    out[2 * j] = w;
    out[2 * j + 1] = ntt::shoup_quotient(w, m.p);
  }
}

/// The tables of both directions for each prime, entry by entry as successive products.
void fill_tables_host(u32* tables, const Setup& s) {
  const Plan& plan = s.plan;
  const TableLayout& t = s.layout;
  const u32 pairs = ntt::pair_offset(t, plan), cpairs = ntt::column_pair_offset(t, plan);
  const u32 hi_count = pairs - t.hi;
  std::vector<u32> column_levels(std::size_t{1} << plan.log2_n1);
  for (int q = 0; q < num_primes; ++q) {
    const Mod m = s.mods[q];
    for (int d = 0; d < 2; ++d) {
      u32* table = tables + (q * 2 + d) * std::size_t{t.size};
      const u32 root = s.roots[q][d];
      const auto run = [&](u32* out, u32 count, u32 base) {
        u32 v = m.r1;
        for (u32 i = 0; i < count; ++i) {
          out[i] = v;
          v = ntt::mont_mul(v, base, m);
        }
      };
      run(table, plan.n1, ntt::mont_pow(root, plan.n2, m));
      // The rows' region level by level (ntt.hpp): w_2h^e = w_n2^(e n2 / 2h) from the powers of w_n2.
      std::vector<u32> row_powers(plan.n2);
      run(row_powers.data(), plan.n2, ntt::mont_pow(root, plan.n1, m));
      for (u32 h = 1; 2 * h <= plan.n2; h *= 2) {
        for (u32 e = 0; e < h; ++e) table[t.row + h - 1 + e] = row_powers[e * (plan.n2 / (2 * h))];
      }
      table[t.row + plan.n2 - 1] = m.r1;
      // The same twiddles as pairs, and the columns' radix-2 levels level by level as pairs, then 1.
      fill_pairs(table + pairs, table + t.row, plan.n2, m);
      column_levels_from_flat(column_levels.data(), table, plan.radix, plan.log2_n1);
      column_levels.back() = m.r1;
      fill_pairs(table + cpairs, column_levels.data(), static_cast<u32>(column_levels.size()), m);
      run(table + t.lo, t.hi - t.lo, root);
      run(table + t.hi, hi_count, ntt::mont_pow(root, ntt::twiddle_lo, m));
    }
  }
}

/// Item i of step st: any step with a flat table (the columns), the radix-2 steps alone with a table level by level
/// (the rows, which have no radix-r step).
template <u32 Most, bool Inverse, class Tw>
void host_step(const ntt::Strided& e, u32 r, u32 a, const Step& st, u32 i, Tw tw, Mod m) {
  if constexpr (std::is_same_v<Tw, ntt::LevelTwiddles> || std::is_same_v<Tw, ntt::PairLevelTwiddles>) {
    ntt::run_radix2_step<Most, Inverse>(e, r, a, st, i, tw, m);
  } else {
    ntt::run_step<Most, Inverse>(e, r, a, st, i, tw, m);
  }
}

/// A sub-transform of r 2^a elements on the host, at most Most radix-2 levels a step (ntt::column_levels or
/// ntt::row_levels: the schedules the kernels run).
template <u32 Most, class Tw> void forward_host(u32* x, u32 stride, u32 r, u32 a, Tw tw, Mod m) {
  const ntt::Strided e{x, 0, stride};
  const u32 steps = ntt::step_count(r, a, Most);
  for (u32 j = 0; j < steps; ++j) {
    const Step st = ntt::forward_step(r, a, Most, j);
    for (u32 i = 0; i < st.items; ++i) host_step<Most, false>(e, r, a, st, i, tw, m);
  }
}

template <u32 Most, class Tw> void inverse_host(u32* x, u32 stride, u32 r, u32 a, Tw tw, Mod m) {
  const ntt::Strided e{x, 0, stride};
  for (u32 j = ntt::step_count(r, a, Most); j-- > 0;) {
    const Step st = ntt::forward_step(r, a, Most, j);
    for (u32 i = 0; i < st.items; ++i) host_step<Most, true>(e, r, a, st, i, tw, m);
  }
}

}  // namespace

/// Whether the environment asks for the scalar host transform: WARPNUM_HOST_NTT_SCALAR set, and not to "" or "0" (the
/// tests of the scalar path on a processor with AVX2, and comparisons).
bool host_ntt_scalar_requested() noexcept {
  const char* v = std::getenv("WARPNUM_HOST_NTT_SCALAR");
  return v != nullptr && v[0] != '\0' && !(v[0] == '0' && v[1] == '\0');
}

bool host_ntt_is_vectorised() noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  static const bool vectorised = warpnum::detail::host_has_avx2 && !host_ntt_scalar_requested();
  return vectorised;
#else
  return false;
#endif
}

namespace {

/// The radix-2 levels and pointwise products of the host transform: AVX2 where the processor has it
/// (detail/x86/ntt_avx2.hpp: the same words, eight lanes at a time), else the scalar steps of ntt.hpp, which the
/// kernels run. One sub-transform of r 2^a words at x (stride 1); `level_tw` is the direction's table level by level
/// (ntt::LevelTwiddles' layout), `tw` the same table as the scalar steps read it (flat for the columns).
struct HostLevels {
  bool avx2 = false;

  /// For sub-transforms of r 2^a words: the AVX2 levels need a >= 4 (two vectors a block).
  static HostLevels choose(u32 a) {
    HostLevels l;
    l.avx2 = host_ntt_is_vectorised() && a >= 4;
    return l;
  }

  /// The radix-r step of the schedule (its first step forward, its last inverse), item by item; none where r = 1.
  template <u32 Most, bool Inverse, class Tw> static void radix_r_step(u32* x, u32 r, u32 a, Tw tw, Mod m) {
    if (r == 1) return;
    const ntt::Strided e{x, 0, 1};
    const Step st = ntt::forward_step(r, a, Most, 0);
    for (u32 i = 0; i < st.items; ++i) host_step<Most, Inverse>(e, r, a, st, i, tw, m);
  }

  /// The radix-r step (r > 1) item by item, then the radix-2 levels: the schedule of forward_host.
  template <u32 Most, class Tw>
  void forward(u32* x, u32 r, u32 a, Tw tw, const u32* level_tw, Mod m) const {
#if WARPNUM_DETAIL_X86_64_ASM
    if (avx2) {
      radix_r_step<Most, false>(x, r, a, tw, m);
      warpnum::detail::ntt_avx2::forward_levels(x, r, a, level_tw, m);
      return;
    }
#endif
    static_cast<void>(level_tw);
    forward_host<Most>(x, 1, r, a, tw, m);
  }

  /// The inverse: the radix-2 levels, then the radix-r step.
  template <u32 Most, class Tw>
  void inverse(u32* x, u32 r, u32 a, Tw tw, const u32* level_tw, Mod m) const {
#if WARPNUM_DETAIL_X86_64_ASM
    if (avx2) {
      warpnum::detail::ntt_avx2::inverse_levels(x, r, a, level_tw, m);
      radix_r_step<Most, true>(x, r, a, tw, m);
      return;
    }
#endif
    static_cast<void>(level_tw);
    inverse_host<Most>(x, 1, r, a, tw, m);
  }

  /// A row of each operand (x and y of 2^a words; y = x for a square) transformed, their pointwise product into x,
  /// transformed back: `tw` and `tw_inv` the directions' tables level by level (Montgomery forms), `pairs` and
  /// `pairs_inv` the same twiddles with their Shoup quotients, which the scalar steps read as the kernels do. With
  /// AVX2 the forward transforms' last level, the product and the inverse's first level are one pass
  /// (ntt_avx2::product_level).
  void product(u32* x, u32* y, u32 a, ntt::LevelTwiddles tw, ntt::LevelTwiddles tw_inv, ntt::PairLevelTwiddles pairs,
               ntt::PairLevelTwiddles pairs_inv, Mod m) const {
#if WARPNUM_DETAIL_X86_64_ASM
    if (avx2) {
      namespace avx2 = warpnum::detail::ntt_avx2;
      avx2::forward_levels(x, 1, a, tw.p, m, false);
      if (y != x) avx2::forward_levels(y, 1, a, tw.p, m, false);
      avx2::product_level(x, y, std::size_t{1} << a, m);
      avx2::inverse_levels(x, 1, a, tw_inv.p, m, false);
      return;
    }
#endif
    forward<ntt::row_levels>(x, 1, a, pairs, tw.p, m);
    if (y != x) forward<ntt::row_levels>(y, 1, a, pairs, tw.p, m);
    pointwise(x, y, u32{1} << a, m);
    inverse<ntt::row_levels>(x, 1, a, pairs_inv, tw_inv.p, m);
  }

  /// x[i] = mont_mul(x[i], y[i]) for i < n.
  void pointwise(u32* x, const u32* y, u32 n, Mod m) const {
#if WARPNUM_DETAIL_X86_64_ASM
    if (avx2) {
      warpnum::detail::ntt_avx2::pointwise(x, y, n, m);
      return;
    }
#endif
    for (u32 i = 0; i < n; ++i) x[i] = ntt::mont_mul(x[i], y[i], m);
  }
};

/// The column passes of the host transform on tiles of `width` columns side by side, lane-wise with AVX2
/// (detail/x86/ntt_avx2.hpp's tiles: the same words as the scalar column steps), where the processor has it and the
/// rows are at least a tile wide; else `lanes` is false and the columns run one by one.
struct HostTiles {
  static constexpr u32 width = 16;
  bool lanes = false;

  static HostTiles choose(u32 n2) {
    HostTiles t;
#if WARPNUM_DETAIL_X86_64_ASM
    static_assert(width == warpnum::detail::ntt_avx2::tile_columns);
    t.lanes = host_ntt_is_vectorised() && n2 >= width;
#else
    static_cast<void>(n2);
#endif
    return t;
  }

  /// powers[16 pos + c] = w^(k c) in Montgomery form, k = column_frequency(pos), from the direction's table.
  static void fill_powers(u32* powers, const u32* tw, const Plan& plan, const TableLayout& lay, Mod m) {
    for (u32 pos = 0; pos < plan.n1; ++pos) {
      const u32 k = ntt::column_frequency(pos, plan.radix, plan.log2_n1);
      for (u32 c = 0; c < width; ++c) powers[std::size_t{pos} * width + c] = ntt::four_step_twiddle(tw, lay, k * c, m);
    }
  }

  /// Columns [j0, j0 + 16) of operand `src` (n_src limbs): reduced, transformed, times their four-step twiddles, to
  /// the residues `dst`; `buf` holds n1 rows of 16.
  void forward(u32* buf, const limb_t* src, std::size_t n_src, u32* dst, u32 j0, const Plan& plan,
               const TableLayout& lay, const u32* tw, const u32* level_tw, const u32* powers,
               const ntt::RadixConstants& c, Mod m) const {
#if WARPNUM_DETAIL_X86_64_ASM
    namespace avx2 = warpnum::detail::ntt_avx2;
    for (u32 n = 0; n < plan.n1; ++n) {
      const std::size_t g = std::size_t{n} * plan.n2 + j0;
      avx2::reduce_row(buf + std::size_t{n} * width, src + g, g < n_src ? n_src - g : 0, m);
    }
    avx2::columns_forward(buf, plan.radix, plan.log2_n1, tw, level_tw, c, m);
    for (u32 pos = 0; pos < plan.n1; ++pos) {
      const u32 k = ntt::column_frequency(pos, plan.radix, plan.log2_n1);
      avx2::twiddle_row(dst + std::size_t{pos} * plan.n2 + j0, buf + std::size_t{pos} * width,
                        ntt::four_step_twiddle(tw, lay, j0 * k, m), powers + std::size_t{pos} * width, m);
    }
#else
    static_cast<void>(buf), static_cast<void>(src), static_cast<void>(n_src), static_cast<void>(dst);
    static_cast<void>(j0), static_cast<void>(plan), static_cast<void>(lay), static_cast<void>(tw);
    static_cast<void>(level_tw), static_cast<void>(powers), static_cast<void>(c), static_cast<void>(m);
#endif
  }

  /// Columns [j0, j0 + 16) of the residues x: times the inverse four-step twiddles, transformed back, in place.
  void inverse(u32* buf, u32* x, u32 j0, const Plan& plan, const TableLayout& lay, const u32* tw, const u32* level_tw,
               const u32* powers, const ntt::RadixConstants& c, Mod m) const {
#if WARPNUM_DETAIL_X86_64_ASM
    namespace avx2 = warpnum::detail::ntt_avx2;
    for (u32 pos = 0; pos < plan.n1; ++pos) {
      const u32 k = ntt::column_frequency(pos, plan.radix, plan.log2_n1);
      avx2::twiddle_row(buf + std::size_t{pos} * width, x + std::size_t{pos} * plan.n2 + j0,
                        ntt::four_step_twiddle(tw, lay, j0 * k, m), powers + std::size_t{pos} * width, m);
    }
    avx2::columns_inverse(buf, plan.radix, plan.log2_n1, tw, level_tw, c, m);
    for (u32 n = 0; n < plan.n1; ++n) {
      avx2::copy_row(x + std::size_t{n} * plan.n2 + j0, buf + std::size_t{n} * width);
    }
#else
    static_cast<void>(buf), static_cast<void>(x), static_cast<void>(j0), static_cast<void>(plan);
    static_cast<void>(lay), static_cast<void>(tw), static_cast<void>(level_tw), static_cast<void>(powers);
    static_cast<void>(c), static_cast<void>(m);
#endif
  }

  /// ntt::crt_combine of eight coefficients into out[0, 8).
  static void crt_combine(const u32* r0, const u32* r1, const u32* r2, const Crt& crt, Coef96* out) {
#if WARPNUM_DETAIL_X86_64_ASM
    u32 words[8][3];
    warpnum::detail::ntt_avx2::crt_combine(r0, r1, r2, crt, words);
    for (int k = 0; k < 8; ++k) {
      for (int i = 0; i < 3; ++i) out[k].w[i] = words[k][i];
    }
#else
    for (int k = 0; k < 8; ++k) ntt::crt_combine(r0[k], r1[k], r2[k], crt, out[k].w);
#endif
  }
};

/// The host transform's tables for one length: the twiddles (fill_tables_host's layout), the columns' twiddles level
/// by level (for the AVX2 levels, HostLevels and HostTiles alike), and for the columns lane-wise (HostTiles) the
/// four-step twiddles' powers w_L^(k c) (c < 16) and the radix-r constants.
struct HostTables {
  std::vector<u32> tables;
  std::vector<u32> column_levels;
  std::vector<u32> powers;
  std::vector<ntt::RadixConstants> radix_constants;
};

HostTables make_host_tables(const Setup& s) {
  const Plan& plan = s.plan;
  const TableLayout& lay = s.layout;
  const u32 n1 = plan.n1;
  HostTables t;
  t.tables.resize(std::size_t{lay.size} * 2 * num_primes);
  fill_tables_host(t.tables.data(), s);
  const auto table_of = [&](int q, int d) { return t.tables.data() + (q * 2 + d) * std::size_t{lay.size}; };
  const bool lanes = HostTiles::choose(plan.n2).lanes;
  if (lanes || HostLevels::choose(plan.log2_n1).avx2) {
    const std::size_t column_table_size = std::size_t{1} << plan.log2_n1;
    t.column_levels.resize(column_table_size * 2 * num_primes);
    for (int qd = 0; qd < 2 * num_primes; ++qd) {
      column_levels_from_flat(t.column_levels.data() + qd * column_table_size, table_of(qd / 2, qd % 2), plan.radix,
                              plan.log2_n1);
    }
  }
  // With AVX2 the columns run lane-wise, 16 at a time (HostTiles); their four-step twiddles w_L^(k (j0 + c)) are
  // w_L^(k j0), one table twiddle a row of a tile, times w_L^(k c) from a table of 16 a row.
  t.radix_constants.resize(2 * num_primes);
  if (lanes) {
    t.powers.resize(std::size_t{n1} * HostTiles::width * 2 * num_primes);
    for (int qd = 0; qd < 2 * num_primes; ++qd) {
      const int q = qd / 2;
      const u32* tw = table_of(q, qd % 2);
      HostTiles::fill_powers(t.powers.data() + qd * std::size_t{n1} * HostTiles::width, tw, plan, lay, s.mods[q]);
      if (plan.radix > 1) {
        t.radix_constants[qd] = ntt::radix_r_constants(plan.radix, u32{1} << plan.log2_n1, tw, s.mods[q]);
      }
    }
  }
  return t;
}

/// The tables of s's length, made once and kept for the process (as the device's cached_tables): a product of
/// 10^4 limbs spent about a tenth of its time making them. At most one entry a transform length (72 lengths r 2^k),
/// a few MiB at the longest.
std::shared_ptr<const HostTables> host_tables(const Setup& s) {
  static std::mutex mutex;
  static std::vector<std::pair<u32, std::shared_ptr<const HostTables>>> cache;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (const auto& [length, tables] : cache) {
      if (length == s.plan.length) return tables;
    }
  }
  auto made = std::make_shared<const HostTables>(make_host_tables(s));
  const std::lock_guard<std::mutex> lock(mutex);
  for (const auto& [length, tables] : cache) {
    if (length == s.plan.length) return tables;  // made meanwhile by another thread
  }
  cache.emplace_back(s.plan.length, made);
  return made;
}

/// The convolution of a and b of length `cyclic` (a transform length, at least na and nb), c[0, min(nc, cyclic)):
/// every coefficient k + cyclic folded onto k, as the transform does when it is shorter than the product; or, with
/// cyclic = 0, the whole product's nc = na + nb - 1 coefficients.
void convolve_ntt_host(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                       std::size_t cyclic = 0) {
  const bool square = a == b && na == nb;
  const std::size_t nc = cyclic != 0 ? std::min(na + nb - 1, cyclic) : na + nb - 1;
  const Setup s = make_setup(cyclic != 0 ? cyclic : nc);
  const Plan& plan = s.plan;
  const TableLayout& lay = s.layout;
  const std::size_t length = plan.length;
  const u32 n1 = plan.n1;
  const u32 n2 = plan.n2;
  const int ops = square ? 1 : 2;
  // Threads only where there is work for them: below this a product takes well under a millisecond on one core,
  // and the start and barriers of 4 parallel regions cost more than that on a loaded machine.
  const bool parallel = length >= (std::size_t{1} << 15);
  static_cast<void>(parallel);  // nvcc 13.0 does not count a use in an OpenMP clause (#177-D)

  const std::shared_ptr<const HostTables> tables_kept = host_tables(s);
  const HostTables& t = *tables_kept;
  std::unique_ptr<u32[]> residues(new u32[length * num_primes * ops]);
  const auto table_of = [&](int q, int d) { return t.tables.data() + (q * 2 + d) * std::size_t{lay.size}; };
  const HostLevels columns = HostLevels::choose(plan.log2_n1), rows = HostLevels::choose(plan.log2_n2);
  const std::size_t column_table_size = std::size_t{1} << plan.log2_n1;
  const auto column_levels_of = [&](int q, int d) {
    return t.column_levels.empty() ? nullptr : t.column_levels.data() + (q * 2 + d) * column_table_size;
  };
  const auto residue_of = [&](int q, int op) { return residues.get() + (std::size_t(op) * num_primes + q) * length; };
  const HostTiles tiles = HostTiles::choose(n2);
  const std::vector<ntt::RadixConstants>& radix_constants = t.radix_constants;
  const auto powers_of = [&](int q, int d) {
    return t.powers.data() + (q * 2 + d) * std::size_t{n1} * HostTiles::width;
  };

  // 1. Columns forward, `width` columns at a time (gathered into a contiguous buffer).
  constexpr u32 width = HostTiles::width;
  const u32 col_tiles = (n2 + width - 1) / width;
  const long col_jobs = static_cast<long>(col_tiles) * num_primes * ops;
#pragma omp parallel if (parallel)
  {
    std::vector<u32> buf(std::size_t{n1} * width);
#pragma omp for schedule(dynamic, 1)
    for (long job = 0; job < col_jobs; ++job) {
      const int q = static_cast<int>(job % num_primes);
      const int op = static_cast<int>(job / num_primes % ops);
      const u32 j0 = static_cast<u32>(job / (num_primes * ops)) * width;
      const u32 w = std::min(width, n2 - j0);
      const Mod m = s.mods[q];
      const limb_t* src = op == 0 ? a : b;
      const std::size_t n_src = op == 0 ? na : nb;
      const u32* tw = table_of(q, 0);
      if (tiles.lanes) {
        tiles.forward(buf.data(), src, n_src, residue_of(q, op), j0, plan, lay, tw, column_levels_of(q, 0),
                      powers_of(q, 0), radix_constants[q * 2], m);
        continue;
      }
      const ntt::ShoupTwiddle one = ntt::shoup_one(m);
      for (u32 n = 0; n < n1; ++n) {
        for (u32 cc = 0; cc < w; ++cc) {
          const std::size_t g = std::size_t{n} * n2 + j0 + cc;
          buf[std::size_t{cc} * n1 + n] = g < n_src ? ntt::reduce(src[g], one, m) : 0;
        }
      }
      for (u32 cc = 0; cc < w; ++cc) {
        columns.forward<ntt::column_levels>(buf.data() + std::size_t{cc} * n1, plan.radix, plan.log2_n1, tw,
                                            column_levels_of(q, 0), m);
      }
      u32* dst = residue_of(q, op);
      for (u32 pos = 0; pos < n1; ++pos) {
        const u32 k1 = ntt::column_frequency(pos, plan.radix, plan.log2_n1);
        for (u32 cc = 0; cc < w; ++cc) {
          const u32 e = (j0 + cc) * k1;
          dst[std::size_t{pos} * n2 + j0 + cc] =
              ntt::mont_mul(buf[std::size_t{cc} * n1 + pos], ntt::four_step_twiddle(tw, lay, e, m), m);
        }
      }
    }
  }

  // 2. Rows: forward, pointwise product, inverse (in place in operand 0's residues).
  const long row_jobs = static_cast<long>(n1) * num_primes;
#pragma omp parallel for schedule(dynamic, 4) if (parallel)
  for (long job = 0; job < row_jobs; ++job) {
    const int q = static_cast<int>(job % num_primes);
    const u32 row = static_cast<u32>(job / num_primes);
    const Mod m = s.mods[q];
    u32* x = residue_of(q, 0) + std::size_t{row} * n2;
    const ntt::LevelTwiddles tw{table_of(q, 0) + lay.row}, tw_inv{table_of(q, 1) + lay.row};
    const u32 pairs = ntt::pair_offset(lay, plan);
    const ntt::PairLevelTwiddles tw_pairs = ntt::pairs_at(table_of(q, 0), pairs);
    const ntt::PairLevelTwiddles tw_inv_pairs = ntt::pairs_at(table_of(q, 1), pairs);
    rows.product(x, square ? x : residue_of(q, 1) + std::size_t{row} * n2, plan.log2_n2, tw, tw_inv, tw_pairs,
                 tw_inv_pairs, m);
  }

  // 3. Columns inverse.
  const long inv_jobs = static_cast<long>(col_tiles) * num_primes;
#pragma omp parallel if (parallel)
  {
    std::vector<u32> buf(std::size_t{n1} * width);
#pragma omp for schedule(dynamic, 1)
    for (long job = 0; job < inv_jobs; ++job) {
      const int q = static_cast<int>(job % num_primes);
      const u32 j0 = static_cast<u32>(job / num_primes) * width;
      const u32 w = std::min(width, n2 - j0);
      const Mod m = s.mods[q];
      const u32* tw = table_of(q, 1);
      u32* x = residue_of(q, 0);
      if (tiles.lanes) {
        tiles.inverse(buf.data(), x, j0, plan, lay, tw, column_levels_of(q, 1), powers_of(q, 1),
                      radix_constants[q * 2 + 1], m);
        continue;
      }
      for (u32 pos = 0; pos < n1; ++pos) {
        const u32 k1 = ntt::column_frequency(pos, plan.radix, plan.log2_n1);
        for (u32 cc = 0; cc < w; ++cc) {
          const u32 e = (j0 + cc) * k1;
          buf[std::size_t{cc} * n1 + pos] =
              ntt::mont_mul(x[std::size_t{pos} * n2 + j0 + cc], ntt::four_step_twiddle(tw, lay, e, m), m);
        }
      }
      for (u32 cc = 0; cc < w; ++cc) {
        columns.inverse<ntt::column_levels>(buf.data() + std::size_t{cc} * n1, plan.radix, plan.log2_n1, tw,
                                            column_levels_of(q, 1), m);
      }
      for (u32 n = 0; n < n1; ++n) {
        for (u32 cc = 0; cc < w; ++cc) x[std::size_t{n} * n2 + j0 + cc] = buf[std::size_t{cc} * n1 + n];
      }
    }
  }

  // 4. The remainder step.
  const u32* r0 = residue_of(0, 0);
  const u32* r1 = residue_of(1, 0);
  const u32* r2 = residue_of(2, 0);
  const long count = static_cast<long>(nc);
  if (tiles.lanes) {  // eight coefficients at a time
    const long blocks = count / 8;
#pragma omp parallel for schedule(static) if (parallel)
    for (long k = 0; k < blocks; ++k) HostTiles::crt_combine(r0 + 8 * k, r1 + 8 * k, r2 + 8 * k, s.crt, c + 8 * k);
    for (long k = blocks * 8; k < count; ++k) ntt::crt_combine(r0[k], r1[k], r2[k], s.crt, c[k].w);
    return;
  }
#pragma omp parallel for schedule(static) if (parallel)
  for (long k = 0; k < count; ++k) ntt::crt_combine(r0[k], r1[k], r2[k], s.crt, c[k].w);
}

void convolve_columns_host(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb) {
  const long nc = static_cast<long>(na + nb - 1);
  const bool parallel = std::min(na, nb) * (na + nb) >= (std::size_t{1} << 18);  // products, roughly
  static_cast<void>(parallel);
#pragma omp parallel for schedule(dynamic, 64) if (parallel)
  for (long k = 0; k < nc; ++k) {
    const std::size_t kk = static_cast<std::size_t>(k);
    const std::size_t i_lo = kk >= nb ? kk - nb + 1 : 0;
    const std::size_t i_hi = std::min(kk, na - 1);
    ntt::Acc96 acc{0, 0};
    for (std::size_t i = i_lo; i <= i_hi; ++i) ntt::mul_acc(acc, a[i], b[kk - i]);
    c[k].w[0] = static_cast<u32>(acc.lo);
    c[k].w[1] = static_cast<u32>(acc.lo >> 32);
    c[k].w[2] = acc.hi;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Device
// ---------------------------------------------------------------------------------------------------------------
#if WARPNUM_HAS_CUDA

void check_cuda(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    throw_error<std::runtime_error>(std::string("warpnum::huge::") + what + ": " + cudaGetErrorString(e));
  }
}

/// Kernel arguments of one product.
struct DevicePlan {
  Plan plan;
  TableLayout layout;
  Mod mods[num_primes];
  u32 tile, log2_tile;
  u32 rows, log2_rows;
  u32 ops;                 ///< 1 (square) or 2
  std::size_t length;      ///< L, as a stride between residue arrays
  u32 block0;              ///< the launch's first block: a pass cut over several GPUs launches a range of its blocks
};

/// The modulus of prime q, chosen by selects: indexing the kernel argument's array by a value known only at run time
/// made nvcc copy the whole argument to local memory.
__device__ __forceinline__ Mod mod_of(const DevicePlan& d, u32 q) {
  static_assert(num_primes == 3, "warpnum: one select per prime");
  return q == 0 ? d.mods[0] : (q == 1 ? d.mods[1] : d.mods[2]);
}

__global__ void tables_kernel(u32* tables, DevicePlan d, ntt::u32 root0, u32 root1, u32 root2, u32 root3,
                              u32 root4, u32 root5) {
  const u32 size = d.layout.size;
  const u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size) return;
  const u32 q_d = blockIdx.y;  // prime * 2 + direction
  const u32 roots[6] = {root0, root1, root2, root3, root4, root5};
  const Mod m = mod_of(d, q_d / 2);
  const u32 v = ntt::mont_pow(roots[q_d], ntt::twiddle_exponent(d.plan, d.layout, i), m);
  const ntt::TableWord word = ntt::table_word(d.layout, d.plan, i);
  const u32 w = ntt::mont_mul(v, 1, m);  // the twiddle itself: v R^-1
  tables[q_d * size + i] =
      word == ntt::TableWord::montgomery ? v : (word == ntt::TableWord::twiddle ? w : ntt::shoup_quotient(w, m.p));
}

/// Shared-memory word of element i of a column block's and of a row block's buffer (ntt::ColumnElements and
/// ntt::RowElements: padded, so that the elements a warp reads at a power-of-two distance fall in distinct banks).
__device__ __forceinline__ u32 column_word(u32 i) { return ntt::ColumnElements::index(i); }
__device__ __forceinline__ u32 row_word(u32 i) { return ntt::RowElements::index(i); }

/// Where a transform block's table starts in its shared memory, at a multiple of four words (load_table copies 16
/// bytes a thread): after a column tile of `words` elements (ColumnElements' padding), after `words` elements of a row
/// block's rows (RowElements'). A block takes this and its table (n1 words for columns, n2 for rows): block_bytes.
__host__ __device__ constexpr u32 column_table_word(u32 words) {
  return ntt::round_up_4(ntt::ColumnElements::words(words));
}
__host__ __device__ constexpr u32 row_table_word(u32 words) { return ntt::round_up_4(ntt::RowElements::words(words)); }
constexpr std::size_t block_bytes(u32 table_word, u32 table_words) {
  return (std::size_t{table_word} + table_words) * sizeof(u32);
}

/// The row twiddles (pairs with their Shoup quotients, ntt::PairLevelTwiddles) that a row block keeps in shared
/// memory, of rows of 2^a elements: all 2^a entries of the table level by level up to rows of 2^12 (32 KiB); for rows
/// of 2^13 (10^8-digit products) the first 512, the half-sizes up to 256, and their step of half-sizes 2^12 to 2^9
/// reads its 7680 pairs from the table in global memory (rows_in_shared). Their 8192 pairs do not fit beside a block
/// of 2^14 row elements within 99 KiB, and with the 4096 that would (half-sizes up to 2048) the row kernel took 0.719
/// ms against 0.679 (H100, Nsight Compute): its copy is 8 times longer, and the shared-memory pipe, which the pairs'
/// 64-bit loads share with the rows', was full twice as often. Through the L1 cache the step's pairs cost neither.
__host__ __device__ constexpr u32 row_shared_pairs(u32 log2_n2) { return log2_n2 <= 12 ? u32{1} << log2_n2 : 512; }

/// Runs load(i) for i = threadIdx.x, threadIdx.x + blockDim.x, ... < total and store(i, value) for each, Batch
/// loads at a time before their stores: a thread's loads from global memory are in flight together, where a loop
/// that stores each word as it arrives waits the memory's whole latency once an iteration (the row kernel's copy of
/// its rows at 10^8 digits: eight waits a thread, the largest stall of its idle issue slots on an H100). Past `total`
/// a thread loads its batch's first again and stores nothing: every load is made, so the batch stays in registers
/// (with the loads under a predicate, nvcc kept it in local memory).
template <u32 Batch, class Load, class Store>
__device__ __forceinline__ void copy_batched(u32 total, Load load, Store store) {
  using Value = decltype(load(0u));
  for (u32 i0 = threadIdx.x; i0 < total; i0 += Batch * blockDim.x) {
    Value v[Batch];
    WARPNUM_UNROLL
    for (u32 b = 0; b < Batch; ++b) {
      const u32 i = i0 + b * blockDim.x;
      v[b] = load(i < total ? i : i0);
    }
    WARPNUM_UNROLL
    for (u32 b = 0; b < Batch; ++b) {
      const u32 i = i0 + b * blockDim.x;
      if (i < total) store(i, v[b]);
    }
  }
}

/// How many 16-byte loads a thread of the row kernel keeps in flight as it copies its rows in (copy_batched): 32
/// registers, so that the rows of a 10^8-digit product, 8 quads a thread, come in one round trip to memory where
/// they took two (with the tables' copies by cp.async, the 10^8-digit convolution 1.794-1.796 ms against 1.807-1.830
/// on an H100; copying operand 1's rows by cp.async while operand 0's went forward took 61 M warp instructions more
/// in the row kernel, a step's items no longer two a thread, and was slower: 1.879-1.893 ms).
inline constexpr u32 copy_batch = 8;

/// Starts the copy of `count` words of a twiddle table from global to shared memory with every thread of the block: 16
/// bytes a thread by cp.async where both addresses are 16-byte aligned and count is a multiple of four (a table_layout
/// region copied to a column_table_word or row_table_word), none through the thread's registers, so that the copy is in
/// flight beside the block's other copies; else a word a thread, synchronously. The copy is one cp.async group,
/// committed here; the caller waits (__pipeline_wait_prior, then __syncthreads). When a row block at 10^8 digits copied
/// two tables of 8192 words, as many words as its rows, a word a thread took 9 % of the row kernel's instructions, each
/// store waiting on its load.
__device__ __forceinline__ void load_table(u32* s, const u32* g, u32 count) {
  if (((reinterpret_cast<std::uintptr_t>(s) | reinterpret_cast<std::uintptr_t>(g)) & 15) == 0 && (count & 3) == 0) {
    for (u32 i = threadIdx.x; i < count / 4; i += blockDim.x) __pipeline_memcpy_async(s + 4 * i, g + 4 * i, 16);
  } else {
    for (u32 i = threadIdx.x; i < count; i += blockDim.x) s[i] = g[i];
  }
  __pipeline_commit();
}

/// The items of one radix-2 step `st` of the columns' transforms (columns_in_shared).
template <u32 Most, bool Inverse>
__device__ __forceinline__ void columns_step(u32* s, u32 log2_count, u32 r, u32 a, const Step& st,
                                             ntt::PairLevelTwiddles tw, Mod m) {
  const u32 count = u32{1} << log2_count;
  const u32 total = st.items << log2_count;
  for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
    const ntt::ColumnElements x{s, i & (count - 1), count};
    ntt::run_radix2_step<Most, Inverse>(x, r, a, st, i >> log2_count, tw, m);
  }
}

/// The forward (or inverse) sub-transforms of `count` columns held interleaved in shared memory: element n of
/// column c at s[column_word(n count + c)], steps [first, last) of the schedule of up to Most radix-2 levels a step
/// (ntt::joined_step); all threads of the block take part. `tw` is the columns' table w_n1^e (in shared memory), which
/// the radix-r step reads (its constants from it once); the radix-2 steps take Shoup's product on `pairs`, the
/// table's column pairs in global memory (a few KiB, which stay in the L1 cache).
template <u32 Most, bool Inverse>
__device__ void columns_in_shared(u32* s, u32 log2_count, u32 r, u32 a, u32 first, u32 last, const u32* tw,
                                  ntt::PairLevelTwiddles pairs, Mod m) {
  const u32 count = u32{1} << log2_count;
  for (u32 jj = first; jj < last; ++jj) {
    const u32 j = Inverse ? last - 1 - (jj - first) : jj;
    const Step st = ntt::joined_step(r, a, Most, j);
    const u32 total = st.items << log2_count;
    if (st.levels == 0) {
      const ntt::RadixConstants rc = ntt::radix_r_constants(r, u32{1} << a, tw, m);
      for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
        const ntt::ColumnElements x{s, i & (count - 1), count};
        if (st.joined != 0) {
          ntt::run_radix_r_level_step<Inverse>(x, r, a, i >> log2_count, tw, rc, m);
        } else {
          ntt::run_radix_r_step<Inverse>(x, r, a, i >> log2_count, tw, rc, m);
        }
      }
    } else if (Most == ntt::wide_column_levels && st.levels == Most && st.log2_h == 7) {
      // The full step above the last at 10^7 and 10^8 digits (half-sizes 2^7 to 2^4), its element distance a
      // constant where the tile's width is one too (tile_log2): each element's word an immediate offset.
      columns_step<Most, Inverse>(s, log2_count, r, a, Step{Most, 7, st.items}, pairs, m);
    } else {
      columns_step<Most, Inverse>(s, log2_count, r, a, st, pairs, m);
    }
    __syncthreads();
  }
}

/// An element of a column on its way between shared memory and the residues, times its four-step twiddle on the
/// global side: Load reads the residues (times the twiddle) and writes shared memory, else the reverse.
template <bool Load> struct TwiddledRef {
  u32* shared;
  u32* global;
  u32 twiddle;
  Mod m;
  __device__ __forceinline__ operator u32() const { return Load ? ntt::mont_mul(*global, twiddle, m) : *shared; }
  __device__ __forceinline__ TwiddledRef& operator=(u32 v) {
    if (Load) {
      *shared = v;
    } else {
      *global = ntt::mont_mul(v, twiddle, m);
    }
    return *this;
  }
};

/// The elements of one column: element n (of the column transform, position base + n) at s[column_word(c + (base +
/// n) count)] in shared memory and at column[(base + n) n2] in the residues, whose four-step twiddle is
/// w_L^(j column_frequency(base + n)) from the table tw (of the direction).
template <bool Load> struct ColumnCopy {
  u32* s;
  u32 c, log2_count;
  u32* column;
  u32 base;
  u32 j;
  const u32* tw;
  const DevicePlan* d;
  Mod m;
  __device__ __forceinline__ TwiddledRef<Load> operator()(u32 n) const {
    const u32 pos = base + n;
    const u32 e = j * ntt::column_frequency(pos, d->plan.radix, d->plan.log2_n1);
    return {s + column_word((pos << log2_count) + c), column + (std::size_t{pos} << d->plan.log2_n2),
            ntt::four_step_twiddle(tw, d->layout, e, m), m};
  }
  __device__ __forceinline__ ColumnCopy from(u32 n0) const {
    return {s, c, log2_count, column, base + n0, j, tw, d, m};
  }
};

/// An element on its way between memories: read from `from`, written to `to` (shared memory and the residues, in
/// either order: ColumnStore, RowMove).
struct MoveRef {
  const u32* from;
  u32* to;
  __device__ __forceinline__ operator u32() const { return *from; }
  __device__ __forceinline__ MoveRef& operator=(u32 v) {
    *to = v;
    return *this;
  }
};

/// An item's elements of ColumnStore: element j read from shared[j words], written to global[j global_step].
struct StoreRun {
  const u32* shared;
  u32 words;
  u32* global;
  std::size_t global_step;
  __device__ __forceinline__ MoveRef operator()(u32 j) const { return {shared + j * words, global + j * global_step}; }
};

/// The inverse columns' last step, where it writes the residues itself (columns_inverse_last_step): element n of the
/// thread's column read from s[column_word((n << log2_count) + c)] in the tile and written to column[n n2]. Its items'
/// elements lie q apart with q 2^log2_count a multiple of 32, so each item's words are its first element's plus j times
/// a distance (Elements::run's identity, as LimbCopyRun).
struct ColumnStore {
  u32* s;
  u32 c, log2_count;
  u32* column;
  u32 log2_n2;
  __device__ __forceinline__ StoreRun run(u32 n0, u32 t, u32 q) const {
    const u32 p = n0 + t;
    return {s + column_word((p << log2_count) + c), column_word(q << log2_count), column + (std::size_t{p} << log2_n2),
            std::size_t{q} << log2_n2};
  }
};

/// The low Bits bits of x reversed, by plain arithmetic: with x known at compile time (an unrolled loop's counter)
/// it folds to a constant, so that an array indexed by it stays in registers. Bits is a template parameter and the
/// loop unrolled: with `bits` a function argument, nvcc 13.0 left the loop in the forward and inverse kernels of
/// three levels a step once those kernels were templates, and each element of the last step then picked v[n] by a
/// chain of eight compares and moves (about 30 instructions an element, 26 % of the forward columns at 10^6 digits,
/// H100, 2026-12-06).
template <u32 Bits> __device__ __forceinline__ constexpr u32 reverse_small(u32 x) {
  u32 y = 0;
  WARPNUM_UNROLL
  for (u32 i = 0; i < Bits; ++i) y |= ((x >> i) & 1u) << (Bits - 1 - i);
  return y;
}

/// The forward transforms' last step (or the inverse's first), fused with the copy of the columns between shared
/// memory and the residues (columns j0 + c of column_base, c < 2^log2_count) and their four-step twiddles; the step
/// is a radix-2 step (a >= 1). Its twiddles come from `stw` (the columns' table in shared memory), the four-step
/// twiddles from the direction's whole table `tw`. With InShared (the inverse, a step of Most levels: inverse_tile_in)
/// the step takes the tile that the kernel has copied into shared memory instead.
///
/// A step of S = Most levels (every column of 2^S or more elements per radix-r block ends with one)
/// holds the consecutive positions p0 + k, k < 2^S, p0 = b 2^a + 2^S i (block b, item i): their frequencies are
/// r brev_a(2^S i + k) + b = r brev_(a-S)(i) + b + (n1 / 2^S) brev_S(k), so column j's four-step twiddles
/// w_L^(j frequency) are w_L^(j (r brev_(a-S)(i) + b)) times the powers G^brev_S(k) of G = w_L^(j n1 / 2^S), which
/// depends on the thread's column alone: one table twiddle and 2^S - 1 products an item, where each element's own
/// twiddle would take two table reads and a product.
template <u32 Most, bool Inverse, bool InShared>
__device__ void columns_last_step(u32* s, u32 log2_count, u32* column_base, u32 j0, const u32* stw,
                                  const u32* __restrict__ tw, const DevicePlan* d, Mod m) {
  const u32 r = d->plan.radix, a = d->plan.log2_n1;
  const u32 count = u32{1} << log2_count;
  const Step st = ntt::joined_step(r, a, Most, ntt::joined_step_count(r, a, Most) - 1);
  const u32 total = st.items << log2_count;
  if (st.levels != Most) {  // short columns: each element's twiddle from the table
    for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
      const u32 c = i & (count - 1);
      const ColumnCopy<Inverse> x{s, c, log2_count, column_base + j0 + c, 0, j0 + c, tw, d, m};
      ntt::run_radix2_step<Most, Inverse>(x, r, a, st, i >> log2_count, stw, m);
    }
    __syncthreads();
    return;
  }
  constexpr u32 S = Most;
  constexpr u32 width = u32{1} << S;
  // The block's threads are a multiple of the tile: each thread keeps one column.
  const u32 c = threadIdx.x & (count - 1);
  const u32 j = j0 + c;
  u32* const column = column_base + j;  // element p at column[p n2]: below L < 2^32
  const u32 log2_n2 = d->plan.log2_n2;
  // G and G^(2^(S-1)) with their Shoup quotients: the chains of powers below take Shoup's product by G, a high
  // product and two low ones where Montgomery's took two wide ones and a low one. The powers stay Montgomery forms.
  const ntt::ShoupTwiddle g =
      ntt::shoup_from_montgomery(ntt::four_step_twiddle(tw, d->layout, j * (d->plan.n1 >> S), m), m);
  const ntt::ShoupTwiddle g_half =  // G^(2^(S-1))
      ntt::shoup_from_montgomery(ntt::four_step_twiddle(tw, d->layout, j * (d->plan.n1 >> 1), m), m);
  const u32 tw_step = r << (a - S);  // M / 2h for the step's largest half-size h = 2^(S-1)
  const u32 log2_items = a - S;      // items per radix-r block
  // The table words of an item's four-step twiddle w_L^(j (r brev_(a-S)(k) + b)), read one item ahead, so that their
  // loads wait on memory while the item before runs.
  ntt::FourStepWords words{};
  const auto read_words = [&](u32 i) {
    if (i < total) {
      const u32 item = i >> log2_count;
      const u32 e = j * (r * ntt::bit_reverse(item & ((u32{1} << log2_items) - 1), log2_items) + (item >> log2_items));
      words = ntt::four_step_words(tw, d->layout, e);
    }
  };
  read_words(threadIdx.x);
  for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
    const u32 item = i >> log2_count;
    const u32 b = item >> log2_items;
    const u32 k = item & ((u32{1} << log2_items) - 1);
    const u32 p0 = (b << a) + (k << S);
    u32 t = ntt::mont_mul(words.high, words.low, m);
    read_words(i + blockDim.x);
    // Element n's words: the item's base plus an offset of n alone (a constant where the tile's width is one,
    // tile_log2). In shared memory column_word(((p0 + n) << log2_count) + c) = column_word((p0 << log2_count) + c) +
    // column_word(n << log2_count): p0 is a multiple of 2^S = 16, so p0 << log2_count is one of 32 for tiles of two
    // columns or more (of 16 where the tile is one column, and p0 + n then stays in p0's run of 32 words), and
    // (n << log2_count) + c stays in n << log2_count's run of 32 (tiles of at most 32 columns). Computing each word
    // from p0 + n took five instructions an element and made the forward kernel spill.
    u32* const shared = s + column_word((p0 << log2_count) + c);
    u32* const global = column + (std::size_t{p0} << log2_n2);
    const auto at = [&](u32 n) -> u32& {  // element n's word to read (or write, forward)
      if constexpr (Inverse && InShared) {
        return shared[column_word(n << log2_count)];
      } else {
        return global[std::size_t{n} << log2_n2];
      }
    };
    u32 v[width];
    // The step's items start at t = 0, so every pair whose twiddle index is 0 has the twiddle 1 and is a sum and a
    // difference alone (radix_pow2_levels' FirstUnit): the whole level of half-size 1, the forward's last and the
    // inverse's first, and one pair in eight, four and two of the others. As butterflies with twiddle 1 they took a
    // Montgomery product a pair more (the forward item 613 instructions, the inverse 633; now 476 and 533: nvcc 13.0,
    // sm_90). The forward's last level is done here instead, its sum and difference entering the four-step twiddles'
    // products unreduced. Element n = brev_S(e) takes G^e and n + 1 = brev_S(e + 2^(S-1)) takes G^(e + 2^(S-1))
    // (e < 2^(S-1)), so a pair's two twiddles come from two chains of powers, t and t_half = t G^(2^(S-1)), and each
    // pair is read (or written) whole.
    u32 t_half = ntt::mul_shoup(t, g_half, m);
    if constexpr (Inverse) {
      WARPNUM_UNROLL
      for (u32 e = 0; e < width / 2; ++e) {
        const u32 n = reverse_small<S>(e);
        v[n] = ntt::mont_mul(at(n), t, m);
        v[n + 1] = ntt::mont_mul(at(n + 1), t_half, m);
        if (e + 1 < width / 2) {
          t = ntt::mul_shoup(t, g, m);
          t_half = ntt::mul_shoup(t_half, g, m);
        }
      }
      ntt::radix_pow2_levels<S, 0, true, S, true>(v, 0, 1, tw_step, stw, m);
      WARPNUM_UNROLL
      for (u32 n = 0; n < width; ++n) shared[column_word(n << log2_count)] = v[n];
    } else {
      WARPNUM_UNROLL
      for (u32 n = 0; n < width; ++n) v[n] = shared[column_word(n << log2_count)];
      ntt::radix_pow2_levels<S, 0, false, S - 1, true>(v, 0, 1, tw_step, stw, m);
      WARPNUM_UNROLL
      for (u32 e = 0; e < width / 2; ++e) {
        const u32 n = reverse_small<S>(e);
        // The sum and the difference enter the Montgomery products unreduced: below 2p < 2^32, and mont_mul takes
        // any 32-bit factor.
        at(n) = ntt::mont_mul(v[n] + v[n + 1], t, m);
        at(n + 1) = ntt::mont_mul(v[n] - v[n + 1] + m.p, t_half, m);
        if (e + 1 < width / 2) {
          t = ntt::mul_shoup(t, g, m);
          t_half = ntt::mul_shoup(t_half, g, m);
        }
      }
    }
  }
  __syncthreads();
}

/// The word that the columns' first forward step reads past an operand's limbs (LimbCopy).
__device__ const limb_t zero_limb = 0;

/// A limb of an operand on its way to a column in shared memory, reduced (zero past the operand): what the columns'
/// first forward step reads and writes. Past the operand `limb` points at zero_limb, so every element is one load
/// and one reduction with no branch (a null pointer and a branch around each load and reduction made a block of 87
/// instructions an item beside the joined step's 391, at 10^8 digits on an H100). For limbs already copied to shared
/// memory (ReducedColumns) both point at the limb's word.
struct LimbRef {
  const limb_t* limb;
  u32* shared;
  ntt::ShoupTwiddle one;  // ntt::shoup_one(m)
  Mod m;
  __device__ __forceinline__ operator u32() const { return ntt::reduce(*limb, one, m); }
  __device__ __forceinline__ LimbRef& operator=(u32 v) {
    *shared = v;
    return *this;
  }
};

/// The elements of one column: element n at column[(base + n) n2] in the operand's limbs (rows below `valid` hold
/// limbs) and at s[column_word(c + (base + n) count)] in shared memory.
struct LimbCopy {
  u32* s;
  u32 c, log2_count;
  const limb_t* column;
  u32 valid;
  u32 log2_n2;
  u32 base;
  ntt::ShoupTwiddle one;  // ntt::shoup_one(m)
  Mod m;
  __device__ __forceinline__ LimbRef operator()(u32 n) const {
    const u32 pos = base + n;
    return {pos < valid ? column + (std::size_t{pos} << log2_n2) : &zero_limb, s + column_word((pos << log2_count) + c),
            one, m};
  }
  __device__ __forceinline__ LimbCopy from(u32 n0) const {
    return {s, c, log2_count, column, valid, log2_n2, base + n0, one, m};
  }
};

/// An item's elements of LimbCopyRun: element j at limb[j limb_step] (zero_limb for j >= count, past the operand) and
/// at shared[j words].
struct LimbRun {
  const limb_t* limb;
  std::size_t limb_step;
  u32* shared;
  u32 words;
  u32 count;
  ntt::ShoupTwiddle one;  // ntt::shoup_one(m)
  Mod m;
  __device__ __forceinline__ LimbRef operator()(u32 j) const {
    return {j < count ? limb + j * limb_step : &zero_limb, shared + j * words, one, m};
  }
};

/// LimbCopy for steps whose items' elements lie q apart with q 2^log2_count a multiple of 32 (the joined radix-5 step
/// at 10^8 digits: q = 2^8): the elements n0 + t + j q of an item are its first element's limb and word plus j times
/// a distance, the same for every item (in shared memory by Elements::run's identity: index(A + j Q) = index(A) +
/// j index(Q) for Q a multiple of 32), and past the operand from j = count on. Through LimbCopy, which computes each
/// element's limb, word and bound from its position, the joined radix-5 item took 485 instructions; this way 389
/// (nvcc 13.0, sm_90). Reading each limb under a predicate (j < count) instead of through a chosen pointer took 453:
/// nvcc loaded the operand's pointer from the kernel's parameters again for each element.
struct LimbCopyRun : LimbCopy {
  __device__ __forceinline__ LimbRun run(u32 n0, u32 t, u32 q) const {
    const u32 p = base + n0 + t;
    const u32 count = valid > p ? (valid - p + q - 1) / q : 0;
    return {column + (std::size_t{p} << log2_n2), std::size_t{q} << log2_n2, s + column_word((p << log2_count) + c),
            column_word(q << log2_count), count, one, m};
  }
};

/// An item's elements of ReducedColumns (ColumnElements::run's words): each limb read from and written to its word.
struct ReducedRun {
  ntt::ElementRun<4> e;
  ntt::ShoupTwiddle one;
  Mod m;
  __device__ __forceinline__ LimbRef operator()(u32 j) const { return {&e(j), &e(j), one, m}; }
};

/// The limbs of a column tile copied to shared memory unreduced (copy_limbs_in), as the columns' first forward step
/// reads them: element n of the thread's column at x(n), reduced by Shoup's product by 1 as it is read (a step takes
/// its items' elements through run, Elements::run's words).
struct ReducedColumns {
  ntt::ColumnElements x;
  ntt::ShoupTwiddle one;
  Mod m;
  __device__ __forceinline__ ReducedColumns from(u32 n0) const { return {x.from(n0), one, m}; }
  __device__ __forceinline__ ReducedRun run(u32 n0, u32 t, u32 q) const { return {x.run(n0, t, q), one, m}; }
};

/// Whether the columns are of 5 2^9 elements (10^8 digits) and take steps of Most = four levels, the first the radix-5
/// step joined with the level of half-size 2^8 (ntt::joins_level): its items' 10 elements lie 2^8 apart, so that the
/// forward's first step (LimbCopyRun) and the inverse's last (ColumnStore) compute each element's words from the
/// item's first by constant distances.
template <u32 Most> __device__ __forceinline__ bool columns_of_5_2_9(u32 r, u32 a) {
  return Most == ntt::wide_column_levels && r == 5 && a == 9;
}

/// The forward transforms' first step (radix-r, joined or not, or radix-2) on the columns' limbs, reduced as it reads
/// them: from the operand through `x` (LimbCopy), or from shared memory (ReducedColumns). `x_run` serves the joined
/// radix-5 step of the columns of 5 2^9 elements at 10^8 digits (LimbCopyRun, or ReducedColumns again). There,
/// `upper_zero` (the operand fills at most half the transform's length) has the joined items skip the column's upper
/// half, which is zero (radix_fixed_level_item's UpperZero).
template <u32 Most, class X, class XRun>
__device__ void columns_first_step(X x, XRun x_run, u32 log2_count, const u32* stw, ntt::PairLevelTwiddles pairs,
                                   bool upper_zero, const DevicePlan* d, Mod m) {
  const u32 r = d->plan.radix, a = d->plan.log2_n1;
  const Step st = ntt::joined_step(r, a, Most, 0);
  const u32 total = st.items << log2_count;
  if (st.levels == 0) {
    const ntt::RadixConstants rc = ntt::radix_r_constants(r, u32{1} << a, stw, m);
    if (columns_of_5_2_9<Most>(r, a)) {
      // The joined step's 10 elements 2^8 apart (LimbCopyRun or ReducedColumns' run; with the tile's width a
      // constant, tile_log2, each word is the item's base plus an immediate offset).
      if (upper_zero) {
        for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
          ntt::radix_fixed_level_step<5, false, true>(x_run, u32{1} << 9, i >> log2_count, stw, rc, m);
        }
      } else {
        for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
          ntt::radix_fixed_level_step<5, false>(x_run, u32{1} << 9, i >> log2_count, stw, rc, m);
        }
      }
    } else if (st.joined != 0) {
      for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
        ntt::run_radix_r_level_step<false>(x, r, a, i >> log2_count, stw, rc, m);
      }
    } else {
      for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
        ntt::run_radix_r_step<false>(x, r, a, i >> log2_count, stw, rc, m);
      }
    }
  } else {
    for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
      ntt::run_radix2_step<Most, false>(x, r, a, st, i >> log2_count, pairs, m);
    }
  }
  __syncthreads();
}

/// The inverse columns' last step on columns of 5 2^9 elements (columns_of_5_2_9), the radix-5 step joined with the
/// level of half-size 2^8, writing its outputs to the residues itself (ColumnStore), where the other schedules' last
/// step writes shared memory and copy_tile_out then copies the tile: one store a word where the copy took a load, a
/// store and the loop's addressing, and no barrier between the step and the stores. `columns` = the residues of
/// column j0, the tile's first.
__device__ void columns_inverse_last_step(u32* s, u32 log2_count, u32* columns, const u32* stw, const DevicePlan* d,
                                          Mod m) {
  constexpr u32 m_over_r = u32{1} << 9;
  const u32 c = threadIdx.x & ((u32{1} << log2_count) - 1);  // blockDim.x is a multiple of the tile
  const ColumnStore x{s, c, log2_count, columns + c, d->plan.log2_n2};
  const ntt::RadixConstants rc = ntt::radix_r_constants(5, m_over_r, stw, m);
  const u32 total = (m_over_r / 2) << log2_count;
  for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
    ntt::radix_fixed_level_step<5, true>(x, m_over_r, i >> log2_count, stw, rc, m);
  }
}

/// The items of one radix-2 step `st` of the rows' transforms (rows_in_shared).
template <bool Inverse, class Tw>
__device__ __forceinline__ void rows_step(u32* s, u32 log2_count, u32 a, const Step& st, Tw tw, Mod m) {
  const u32 log2_items = a - st.levels;
  const u32 total = st.items << log2_count;
  for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
    const ntt::RowElements x{s, (i >> log2_items) << a, 1};
    ntt::run_radix2_step<ntt::row_levels, Inverse>(x, 1, a, st, i & (st.items - 1), tw, m);
  }
}

/// Steps [first, last) of the forward (or inverse) transforms of `count` rows of 2^a elements held one after another
/// in shared memory (element n of row c at s[row_word(c 2^a + n)]), up to ntt::row_levels radix-2 levels a step, of
/// the schedule whose final step has `final_levels` (ntt::forward_step). Rows have no radix-r step, so this calls the
/// radix-2 steps alone: the r-point step's registers would count against the rows' too. The schedule lays its steps
/// of four levels from the final step up, so in rows of up to 2^14 elements (2^13 at 10^8 digits) their largest
/// half-sizes are 2^4, 2^8 and 2^12: those run with the half-size a constant, so that the distance between an item's
/// elements (q = 2^(log2_h - 3): 2, 33 or 528 words in the padded rows) and between its twiddles is one too, and each
/// address is the item's base plus an immediate offset. With the half-size a run-time value, an item of 16 elements
/// computed its 16 element addresses and 11 of its 15 twiddle addresses with an add each, and held the element
/// addresses in 16 registers from its loads to its stores.
/// The twiddles are pairs for Shoup's product, from `in_shared` (a copy of the first row_shared_pairs(a) in shared
/// memory) or, in the step of half-sizes 2^12 to 2^9, from `in_global` (the table).
template <bool Inverse>
__device__ void rows_in_shared(u32* s, u32 log2_count, u32 a, u32 first, u32 last, u32 final_levels,
                               ntt::PairLevelTwiddles in_shared, ntt::PairLevelTwiddles in_global, Mod m) {
  for (u32 jj = first; jj < last; ++jj) {
    const u32 j = Inverse ? last - 1 - (jj - first) : jj;
    const Step st = ntt::forward_step(1, a, ntt::row_levels, j, final_levels);
    const bool full = st.levels == ntt::row_levels;
    if (full && st.log2_h == 4) {
      rows_step<Inverse>(s, log2_count, a, Step{ntt::row_levels, 4, st.items}, in_shared, m);
    } else if (full && st.log2_h == 8) {
      rows_step<Inverse>(s, log2_count, a, Step{ntt::row_levels, 8, st.items}, in_shared, m);
    } else if (full && st.log2_h == 12) {
      rows_step<Inverse>(s, log2_count, a, Step{ntt::row_levels, 12, st.items}, in_global, m);
    } else {  // half-sizes up to 256, or rows of up to 2^12 elements: in the copy
      rows_step<Inverse>(s, log2_count, a, st, in_shared, m);
    }
    __syncthreads();
  }
}

/// An item's elements of RowMove: element j at e(j) in shared memory and at global[j q], read from the one and
/// written to the other (Load: read from global memory).
template <bool Load> struct RowMoveRun {
  ntt::ElementRun<1> e;
  u32* global;
  u32 q;
  __device__ __forceinline__ MoveRef operator()(u32 j) const {
    u32* const g = global + j * q;
    return Load ? MoveRef{g, &e(j)} : MoveRef{&e(j), g};
  }
};

/// The rows of a block in shared memory (x: RowElements) and in the residues (element n of x at global[n]), as the
/// forward's first step reads the residues and writes shared memory (Load), or the inverse's last the reverse
/// (rows_global_step).
template <bool Load> struct RowMove {
  ntt::RowElements x;
  u32* global;
  __device__ __forceinline__ RowMove from(u32 n0) const { return {x.from(n0), global + n0}; }
  __device__ __forceinline__ RowMoveRun<Load> run(u32 n0, u32 t, u32 q) const {
    return {x.run(n0, t, q), global + n0 + t, q};
  }
};

/// Whether the rows' first step (the forward's first, the inverse's last) is a full step of half-sizes 2^12 to 2^9
/// (rows of 2^13 elements, 10^8 digits), which reads (forward) or writes (inverse) the residues itself
/// (rows_global_step).
__device__ __forceinline__ bool rows_global_first_step(const Step& first) {
  return first.levels == ntt::row_levels && first.log2_h == 12;
}

/// The rows' step 0 where rows_global_first_step, on the residues: the forward's first step reads its elements from
/// the residues and writes shared memory, where copy_rows had copied the rows in before it; the inverse's last reads
/// shared memory and writes the residues, where copy_rows copied the rows out after it. The block's rows k <
/// 2^log2_count (operand k >> log2_rows, its row k mod rows: row c of operand o at rows[o operand_stride + c 2^a]).
/// The step's half-size is a constant, so each element's address in the residues is the item's first plus an
/// immediate offset (j 2^9 words), as in shared memory.
template <bool Inverse>
__device__ void rows_global_step(u32* s, u32* rows, std::size_t operand_stride, u32 log2_rows, u32 log2_count, u32 a,
                                 u32 items, ntt::PairLevelTwiddles in_global, Mod m) {
  const Step st{ntt::row_levels, 12, items};
  const u32 log2_items = a - st.levels;
  const u32 total = items << log2_count;
  for (u32 i = threadIdx.x; i < total; i += blockDim.x) {
    const u32 k = i >> log2_items;
    u32* const global = rows + (k >> log2_rows) * operand_stride + (std::size_t{k & ((u32{1} << log2_rows) - 1)} << a);
    const RowMove<!Inverse> x{{s, k << a, 1}, global};
    ntt::run_radix2_step<ntt::row_levels, Inverse>(x, 1, a, st, i & (items - 1), in_global, m);
  }
}

/// Copies a row block between global memory and shared memory (Load: into shared memory): `ops` operands of
/// words = 2^log2_words elements, operand o's at global + o stride and at s[row_word(o words + i)]. Where the rows are
/// 16-byte aligned in global memory each thread moves 16 bytes at a time (four words in one run of 32 shared words,
/// whose padding leaves a warp's words in 32 distinct banks), else a word. At 10^8 digits this and the steps in
/// shared memory take fewer instructions than the forward transforms' first step and the inverse's last reading and
/// writing global memory themselves (556 and 523 instructions an item of 16 elements against 411 and 396 in shared
/// memory, Nsight Compute on an H100), whose element addresses had to be computed one by one.
template <bool Load>
__device__ __forceinline__ void copy_rows(u32* global, std::size_t stride, u32* s, u32 ops, u32 log2_words) {
  const u32 words = u32{1} << log2_words;
  if (((reinterpret_cast<std::uintptr_t>(global) | stride * sizeof(u32)) & 15) == 0 && log2_words >= 2) {
    const u32 log2_quads = log2_words - 2;
    const auto quad = [&](u32 i) {
      const u32 o = i >> log2_quads;
      return reinterpret_cast<uint4*>(global + o * stride + (i & ((u32{1} << log2_quads) - 1)) * 4);
    };
    // Quad i is the block's elements 4i to 4i + 3: four consecutive words in shared memory.
    const auto quad_words = [&](u32 i) { return s + row_word(i * 4); };
    if constexpr (Load) {
      copy_batched<copy_batch>(
          ops << log2_quads, [&](u32 i) { return *quad(i); },
          [&](u32 i, const uint4& v) {
            u32* const w = quad_words(i);
            w[0] = v.x;
            w[1] = v.y;
            w[2] = v.z;
            w[3] = v.w;
          });
    } else {
      for (u32 i = threadIdx.x; i < (ops << log2_quads); i += blockDim.x) {
        const u32* const w = quad_words(i);
        *quad(i) = make_uint4(w[0], w[1], w[2], w[3]);
      }
    }
  } else {
    for (u32 i = threadIdx.x; i < (ops << log2_words); i += blockDim.x) {
      u32* const g = global + (i >> log2_words) * stride + (i & (words - 1));
      if constexpr (Load) {
        s[row_word(i)] = *g;
      } else {
        *g = s[row_word(i)];
      }
    }
  }
}

/// The forward transforms' final level (half-size 1, whose twiddle is w_2^0 = 1: the sum and the difference of each
/// pair of neighbours 2i, 2i + 1), the pointwise product of the operands (or the square, ops = 1) and the inverse's
/// first level (the same sum and difference), in one pass over operand 0's `words` elements; operand 1's follow them.
/// Where the forward steps, the product and the inverse steps each made a pass, this makes one.
__device__ void rows_product_step(u32* s, u32 ops, u32 words, Mod m) {
  for (u32 i = threadIdx.x; i < words / 2; i += blockDim.x) {
    const u32 at = row_word(2 * i);  // 2i is even: 2i + 1 is the next word
    const u32 x0 = s[at], x1 = s[at + 1];
    const u32 f0 = ntt::add_mod(x0, x1, m), f1 = ntt::sub_mod(x0, x1, m);
    u32 p0, p1;
    if (ops == 2) {
      const u32 at1 = row_word(words + 2 * i);  // words is even
      const u32 y0 = s[at1], y1 = s[at1 + 1];
      p0 = ntt::mont_mul(f0, ntt::add_mod(y0, y1, m), m);
      p1 = ntt::mont_mul(f1, ntt::sub_mod(y0, y1, m), m);
    } else {
      p0 = ntt::mont_mul(f0, f0, m);
      p1 = ntt::mont_mul(f1, f1, m);
    }
    s[at] = ntt::add_mod(p0, p1, m);
    s[at + 1] = ntt::sub_mod(p0, p1, m);
  }
}

// The column kernels' blocks have at most 512 threads (block_threads). The forward kernel is compiled for two such
// blocks an SM (64 registers a thread): at 40, for three, it spilled 40 bytes a thread to local memory
// and waited on them (10^8 digits on an H100: the convolution 2.80 ms at two blocks, 3.06 at three). The inverse
// spills nothing at 40 and measured the same at two or three, so it keeps three where its tile fits
// (column_blocks_per_sm). At 64 registers both take steps of up to four levels where that makes a pass fewer
// (ntt::wide_column_step_levels), at 40 three.

/// Whether a column tile of rows of 2^log2_tile words at `tile` (row n at tile[n 2^log2_n2]) moves 16 bytes a thread:
/// the tile is four columns wide or more and its rows start on 16 bytes (four consecutive columns of a row are then
/// four consecutive words on 16 bytes in shared memory, ColumnElements' padding falling after every 32).
__device__ __forceinline__ bool tile_in_quads(const u32* tile, u32 log2_tile, u32 log2_n2) {
  return log2_tile >= 2 && ((reinterpret_cast<std::uintptr_t>(tile) | (std::size_t{4} << log2_n2)) & 15) == 0;
}

/// Calls f(shared, global, row) for each of a thread's quads of a column tile of `n1` rows of 2^log2_tile words
/// (tile_in_quads): the thread keeps one quad column k and walks the rows n0, n0 + dn, ...; in shared memory
/// (ColumnElements' layout) row n + dn lies column_word(dn 2^log2_tile) words after row n, dn 2^log2_tile = 4
/// blockDim.x being a multiple of 32, so each quad's words are the last one's plus constants. Computing each quad's
/// row, column and both words from its index took about 20 instructions a quad, this 12 (nvcc 13.0, sm_90).
template <class T, class F>
__device__ __forceinline__ void for_tile_quads(u32* s, T* tile, u32 n1, u32 log2_tile, u32 log2_n2, F f) {
  const u32 log2_quads = log2_tile - 2;
  const u32 k = (threadIdx.x & ((u32{1} << log2_quads) - 1)) * 4;
  const u32 dn = blockDim.x >> log2_quads;
  const u32 ds = column_word(dn << log2_tile);
  const std::size_t dg = std::size_t{dn} << log2_n2;
  u32 n = threadIdx.x >> log2_quads;
  u32* sq = s + column_word((n << log2_tile) + k);
  T* gq = tile + (std::size_t{n} << log2_n2) + k;
  for (; n < n1; n += dn, sq += ds, gq += dg) f(sq, gq, n);
}

/// Copies a column tile of `n1` rows of 2^log2_tile words from shared memory (ColumnElements' layout) to the
/// residues, row n at tile[n 2^log2_n2]: 16 bytes a thread where tile_in_quads, else a word a thread. A word a thread
/// took 20 instructions a word, 15 % of the inverse columns' at 10^8 digits (H100).
__device__ __forceinline__ void copy_tile_out(u32* tile, u32* s, u32 n1, u32 log2_tile, u32 log2_n2) {
  if (tile_in_quads(tile, log2_tile, log2_n2)) {
    for_tile_quads(s, tile, n1, log2_tile, log2_n2, [](u32* sq, u32* gq, u32) {
      *reinterpret_cast<uint4*>(gq) = *reinterpret_cast<const uint4*>(sq);
    });
  } else {
    const u32 tile_mask = (u32{1} << log2_tile) - 1;
    for (u32 i = threadIdx.x; i < (n1 << log2_tile); i += blockDim.x) {
      tile[(std::size_t{i >> log2_tile} << log2_n2) + (i & tile_mask)] = s[column_word(i)];
    }
  }
}

/// Starts the copy of a column tile from the residues to shared memory (copy_tile_out's reverse): where
/// tile_in_quads, 16 bytes a thread by cp.async, every quad of the thread in flight at once and none through its
/// registers; the caller waits for them (__pipeline_wait_prior(0), then __syncthreads). Else a word a thread.
__device__ __forceinline__ void copy_tile_in(u32* s, u32* tile, u32 n1, u32 log2_tile, u32 log2_n2) {
  if (tile_in_quads(tile, log2_tile, log2_n2)) {
    for_tile_quads(s, tile, n1, log2_tile, log2_n2, [](u32* sq, u32* gq, u32) {
      __pipeline_memcpy_async(sq, gq, 16);
    });
    __pipeline_commit();
  } else {
    const u32 tile_mask = (u32{1} << log2_tile) - 1;
    for (u32 i = threadIdx.x; i < (n1 << log2_tile); i += blockDim.x) {
      s[column_word(i)] = tile[(std::size_t{i >> log2_tile} << log2_n2) + (i & tile_mask)];
    }
  }
}

/// Starts the copy of a column tile of an operand's limbs to shared memory, unreduced, as copy_tile_in does the
/// residues (where tile_in_quads): `tile` = the operand's limb j0, of which `limbs` = its limbs from j0 on (none where
/// the tile starts past the operand). The quads past the operand are zero, and the one that straddles its end is
/// copied a word at a time.
__device__ __forceinline__ void copy_limbs_in(u32* s, const limb_t* tile, std::size_t limbs, u32 n1, u32 log2_tile,
                                              u32 log2_n2) {
  // The thread's quad column k (for_tile_quads) lies in the operand whole in rows n with n 2^log2_n2 + k + 4 <= limbs.
  const u32 k = (threadIdx.x & ((u32{1} << (log2_tile - 2)) - 1)) * 4;
  const std::size_t rows = limbs >= k + 4 ? ((limbs - k - 4) >> log2_n2) + 1 : 0;
  const u32 full_rows = rows < n1 ? static_cast<u32>(rows) : n1;
  for_tile_quads(s, tile, n1, log2_tile, log2_n2, [&](u32* sq, const limb_t* gq, u32 n) {
    if (n < full_rows) {
      __pipeline_memcpy_async(sq, gq, 16);
    } else {
      const std::size_t at = static_cast<std::size_t>(gq - tile);
      WARPNUM_UNROLL
      for (u32 w = 0; w < 4; ++w) sq[w] = at + w < limbs ? gq[w] : 0;
    }
  });
  __pipeline_commit();
}

/// The column kernels' tile width, log2: Log2Tile where it is a template argument (not 0), else d's. The kernels run
/// with the tile of the sizes that matter (8 columns at 10^8 digits, 16 at 10^6 and 10^7) as a template argument, so
/// that an element's word in the tile (column_word((n << log2_tile) + c)) is the item's base plus a constant: with the
/// width a run-time value each element's word took a shift, an add and the padding's shift and add.
template <u32 Log2Tile> __device__ __forceinline__ u32 tile_log2(const DevicePlan& d) {
  return Log2Tile != 0 ? Log2Tile : d.log2_tile;
}

/// 1. Block (tile, operand, prime), the prime fastest: columns [tile T, tile T + T) of the operand's limbs,
/// reduced, transformed, times w_L^(column frequency), to the residues.
template <u32 Most, u32 Log2Tile>
__global__ void __launch_bounds__(512, 2)
    columns_forward_kernel(u32* residues, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                           const u32* tables, DevicePlan d) {
  extern __shared__ __align__(16) u32 smem[];
  const u32 log2_tile = tile_log2<Log2Tile>(d);
  const u32 block = blockIdx.x + d.block0;
  const u32 q = block % num_primes;
  const u32 op = block / num_primes % d.ops;
  const u32 j0 = block / (num_primes * d.ops) << log2_tile;
  const limb_t* src = op == 0 ? a : b;
  const std::size_t n_src = op == 0 ? na : nb;
  const Mod m = mod_of(d, q);
  const u32* tw = tables + (q * 2) * std::size_t{d.layout.size};
  const ntt::PairLevelTwiddles pairs = ntt::pairs_at(tw, ntt::column_pair_offset(d.layout, d.plan));
  const u32 n1 = d.plan.n1;
  const u32 n2 = d.plan.n2;
  // The block's threads are a multiple of the tile: each thread keeps one column j and walks its rows.
  const u32 c = threadIdx.x & ((u32{1} << log2_tile) - 1);
  const u32 j = j0 + c;
  const u32 row_step = blockDim.x >> log2_tile;
  // Rows n < valid hold limbs (n n2 + j < n_src); n2 is a power of two.
  const std::size_t past = n_src > j ? (n_src - j + n2 - 1) >> d.plan.log2_n2 : 0;
  const u32 valid = past < n1 ? static_cast<u32>(past) : n1;
  const limb_t* column = src + j;
  // The columns' table w_n1^e, after the tile.
  u32* const stw = smem + column_table_word(n1 << log2_tile);
  load_table(stw, tw, n1);
  // The first step reduces the limbs (where it is not also the last), from the tile copied to shared memory or reading
  // the operand itself; the last writes the residues, times the four-step twiddles (where it is a radix-2 step).
  const u32 steps = ntt::joined_step_count(d.plan.radix, d.plan.log2_n1, Most);
  const u32 fused_first = steps >= 2 ? 1 : 0;
  const bool limbs_in_shared = fused_first != 0 && tile_in_quads(src + j0, log2_tile, d.plan.log2_n2);
  if (limbs_in_shared) copy_limbs_in(smem, src + j0, n_src > j0 ? n_src - j0 : 0, n1, log2_tile, d.plan.log2_n2);
  if (fused_first == 0) {
    const ntt::ShoupTwiddle one = ntt::shoup_one(m);
    for (u32 n = threadIdx.x >> log2_tile; n < n1; n += row_step) {
      const u32 limb = n < valid ? column[std::size_t{n} << d.plan.log2_n2] : 0;
      smem[column_word((n << log2_tile) + c)] = ntt::reduce(limb, one, m);
    }
  }
  __pipeline_wait_prior(0);
  __syncthreads();
  // Rows from n1 / 2 on are past an operand of at most L / 2 limbs in every column.
  const bool upper_zero = n_src <= d.length / 2;
  if (limbs_in_shared) {
    const ReducedColumns x{{smem, c, u32{1} << log2_tile}, ntt::shoup_one(m), m};
    columns_first_step<Most>(x, x, log2_tile, stw, pairs, upper_zero, &d, m);
  } else if (fused_first != 0) {
    const LimbCopy x{smem, c, log2_tile, column, valid, d.plan.log2_n2, 0, ntt::shoup_one(m), m};
    columns_first_step<Most>(x, LimbCopyRun{x}, log2_tile, stw, pairs, upper_zero, &d, m);
  }
  u32* const dst = residues + (std::size_t{op} * num_primes + q) * d.length;
  if (d.plan.log2_n1 == 0) {
    columns_in_shared<Most, false>(smem, log2_tile, d.plan.radix, d.plan.log2_n1, fused_first, steps, stw, pairs, m);
    for (u32 pos = threadIdx.x >> log2_tile; pos < n1; pos += row_step) {
      const u32 e = j * ntt::column_frequency(pos, d.plan.radix, d.plan.log2_n1);
      const u32 twiddle = ntt::four_step_twiddle(tw, d.layout, e, m);
      const u32 v = smem[column_word((pos << log2_tile) + c)];
      dst[(std::size_t{pos} << d.plan.log2_n2) + j] = ntt::mont_mul(v, twiddle, m);
    }
  } else {
    columns_in_shared<Most, false>(smem, log2_tile, d.plan.radix, d.plan.log2_n1, fused_first, steps - 1, stw, pairs,
                                   m);
    columns_last_step<Most, false, false>(smem, log2_tile, dst, j0, stw, tw, &d, m);
  }
}

/// 2. Block (row group, prime): `rows` rows of each operand forward, the pointwise product, the rows inverse,
/// into operand 0's residues.
__global__ void __launch_bounds__(512, 2) rows_kernel(u32* residues, const u32* tables, DevicePlan d) {
  extern __shared__ __align__(16) u32 smem[];
  const u32 block = blockIdx.x + d.block0;
  const u32 q = block % num_primes;
  const u32 row0 = block / num_primes << d.log2_rows;
  const Mod m = mod_of(d, q);
  const u32 a = d.plan.log2_n2;
  const u32 words = d.rows << a;  // per operand
  const std::size_t base = std::size_t{row0} << a;
  u32* const rows = residues + q * d.length + base;  // operand 0's rows; operand 1's are operand_stride words on
  const std::size_t operand_stride = num_primes * d.length;
  // The row table's twiddles with their Shoup quotients, level by level (a level's pairs are consecutive: a warp
  // reads them from distinct banks), those of the smaller half-sizes one direction at a time in shared memory after
  // the rows (rows_in_shared).
  const u32 pairs = ntt::pair_offset(d.layout, d.plan);
  const u32* tw = tables + (q * 2) * std::size_t{d.layout.size} + pairs;
  const u32* tw_inv = tables + (q * 2 + 1) * std::size_t{d.layout.size} + pairs;
  u32* const stw = smem + row_table_word(d.ops * words);
  const u32 tw_count = 2 * row_shared_pairs(a);
  load_table(stw, tw, tw_count);
  // Rows of two levels or more end the forward schedule with a step of one level, which rows_product_step joins with
  // the product and the inverse's first level.
  const u32 final_levels = a >= 2 ? 1 : 0;
  const u32 steps = ntt::step_count(1, a, ntt::row_levels, final_levels);
  const u32 shared_steps = final_levels != 0 ? steps - 1 : steps;  // the steps before the product
  const u32 log2_count = d.log2_rows + (d.ops - 1);
  const u32 log2_words = d.log2_rows + a;
  // Step 0 on the residues where rows_global_first_step (the forward's first reads them, the inverse's last writes
  // them), else the rows copied in and out around the steps.
  const Step first = ntt::forward_step(1, a, ntt::row_levels, 0, final_levels);
  const bool global_first = rows_global_first_step(first);
  if (global_first) {
    rows_global_step<false>(smem, rows, operand_stride, d.log2_rows, log2_count, a, first.items, ntt::pairs_at(tw, 0),
                            m);
  } else {
    copy_rows<true>(rows, operand_stride, smem, d.ops, log2_words);
  }
  __pipeline_wait_prior(0);
  __syncthreads();
  const u32 shared_first = global_first ? 1 : 0;
  rows_in_shared<false>(smem, log2_count, a, shared_first, shared_steps, final_levels, ntt::pairs_at(stw, 0),
                        ntt::pairs_at(tw, 0), m);
  // The inverse's table on its way in during the product, which reads no table (the forward steps' last barrier is
  // behind every read of the forward's).
  load_table(stw, tw_inv, tw_count);
  if (final_levels != 0) {
    rows_product_step(smem, d.ops, words, m);
  } else {
    for (u32 i = threadIdx.x; i < words; i += blockDim.x) {
      smem[row_word(i)] = ntt::mont_mul(smem[row_word(i)], smem[row_word((d.ops - 1) * words + i)], m);
    }
  }
  __pipeline_wait_prior(0);
  __syncthreads();
  rows_in_shared<true>(smem, d.log2_rows, a, shared_first, shared_steps, final_levels, ntt::pairs_at(stw, 0),
                       ntt::pairs_at(tw_inv, 0), m);
  if (global_first) {
    rows_global_step<true>(smem, rows, operand_stride, d.log2_rows, d.log2_rows, a, first.items,
                           ntt::pairs_at(tw_inv, 0), m);
  } else {
    copy_rows<false>(rows, operand_stride, smem, 1, log2_words);
  }
}

/// 3. Block (tile, prime): columns of the product's residues, times w_L^-(column frequency), inverse.
template <int BlocksPerSm, u32 Most, u32 Log2Tile, bool TileIn = false>
__global__ void __launch_bounds__(512, BlocksPerSm) columns_inverse_kernel(u32* residues, const u32* tables,
                                                                           DevicePlan d) {
  static_assert(BlocksPerSm == 2 || Most == ntt::column_levels, "warpnum: 40 registers a thread hold steps of three");
  static_assert(!TileIn || Most == ntt::wide_column_levels, "warpnum: the tile copied in where steps are of four");
  extern __shared__ __align__(16) u32 smem[];
  const u32 log2_tile = tile_log2<Log2Tile>(d);
  const u32 block = blockIdx.x + d.block0;
  const u32 q = block % num_primes;
  const u32 j0 = block / num_primes << log2_tile;
  const Mod m = mod_of(d, q);
  const u32* tw = tables + (q * 2 + 1) * std::size_t{d.layout.size};
  const ntt::PairLevelTwiddles pairs = ntt::pairs_at(tw, ntt::column_pair_offset(d.layout, d.plan));
  const u32 n1 = d.plan.n1;
  const u32 c = threadIdx.x & ((u32{1} << log2_tile) - 1);  // one column a thread, as in the forward kernel
  const u32 j = j0 + c;
  const u32 row_step = blockDim.x >> log2_tile;
  u32* column = residues + q * d.length + j;
  // The columns' table w_n1^-e, after the tile.
  u32* const stw = smem + column_table_word(n1 << log2_tile);
  // The tile on its way in while the table is copied, where the first step takes it in shared memory (TileIn:
  // inverse_tile_in).
  if constexpr (TileIn) copy_tile_in(smem, residues + q * d.length + j0, n1, log2_tile, d.plan.log2_n2);
  load_table(stw, tw, n1);
  __pipeline_wait_prior(0);
  __syncthreads();
  // The first inverse step, times the four-step twiddles (where it is a radix-2 step), takes the tile copied in or
  // reads the residues itself (columns_last_step).
  const u32 steps = ntt::joined_step_count(d.plan.radix, d.plan.log2_n1, Most);
  if (d.plan.log2_n1 == 0) {
    for (u32 pos = threadIdx.x >> log2_tile; pos < n1; pos += row_step) {
      const u32 e = j * ntt::column_frequency(pos, d.plan.radix, d.plan.log2_n1);
      const u32 twiddle = ntt::four_step_twiddle(tw, d.layout, e, m);
      const u32 v = column[std::size_t{pos} << d.plan.log2_n2];
      smem[column_word((pos << log2_tile) + c)] = ntt::mont_mul(v, twiddle, m);
    }
    __syncthreads();
    columns_in_shared<Most, true>(smem, log2_tile, d.plan.radix, d.plan.log2_n1, 0, steps, stw, pairs, m);
  } else {
    columns_last_step<Most, true, TileIn>(smem, log2_tile, residues + q * d.length, j0, stw, tw, &d, m);
    if (columns_of_5_2_9<Most>(d.plan.radix, d.plan.log2_n1)) {
      // Steps 1 to steps - 2 in shared memory, then step 0 writes the residues.
      columns_in_shared<Most, true>(smem, log2_tile, d.plan.radix, d.plan.log2_n1, 1, steps - 1, stw, pairs, m);
      columns_inverse_last_step(smem, log2_tile, residues + q * d.length + j0, stw, &d, m);
      return;
    }
    columns_in_shared<Most, true>(smem, log2_tile, d.plan.radix, d.plan.log2_n1, 0, steps - 1, stw, pairs, m);
  }
  copy_tile_out(residues + q * d.length + j0, smem, n1, log2_tile, d.plan.log2_n2);
}

/// 4. The remainder step.
__global__ void crt_kernel(Coef96* c, std::size_t nc, const u32* residues, std::size_t length, Crt crt) {
  const std::size_t k = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (k >= nc) return;
  u32 w[3];
  ntt::crt_combine(residues[k], residues[length + k], residues[2 * length + k], crt, w);
  c[k].w[0] = w[0];
  c[k].w[1] = w[1];
  c[k].w[2] = w[2];
}

/// Blocks an SM the inverse column kernel is compiled for, by the words of a column tile: three (40 registers a
/// thread) for tiles below 16384 words (5 2^9 x 4 columns of 10^8-digit products where a GPU holds no wider tile:
/// device_column_tile), two (64 registers) for tiles of 16384 words or more (2^10 x 16 at 10^7 digits, 5 2^9 x 8 at
/// 10^8 on an H100 or H200). On an H200, both column kernels together (2026-12-03): three blocks 3.46 against
/// 3.49 ms for the 10^8-digit convolution (tiles of 4 columns), two blocks 0.316 against 0.358 ms at 10^7 digits
/// (2^10 x 16), level at 10^6 (2^9 x 16). The inverse alone at two blocks or three, the forward at two (H100,
/// 2026-12-05): 2.80-2.82 ms both ways.
u32 column_blocks_per_sm(u32 tile_words) { return tile_words < 16384 ? 3 : 2; }

/// Threads of a column or row block: a multiple of 32, so of every column tile (the column kernels give each thread
/// one column of the tile).
u32 block_threads(u32 words) { return std::clamp<u32>((words / 4 + 31) / 32 * 32, 64, 512); }

/// The shared memory the transform's column and row kernels may take: column tiles of up to 16384 words and rows in
/// blocks of at most that, padded, each with its table beside it (the columns' up to 5120 twiddles, the rows' up to
/// 4096 twiddle pairs: 92 KiB and 70 KiB), within every GPU architecture's allowance (gpu_architecture.hpp: 99 KiB).
constexpr int transform_shared_bytes = 99 * 1024;
static_assert(transform_shared_bytes <= static_cast<int>(min_shared_bytes_per_block),
              "warpnum: the transform's blocks must fit the shared memory of every GPU architecture warpnum "
              "builds for");
static_assert(ntt::make_plan(ntt::max_length).n1 == 5120 &&
                  block_bytes(column_table_word(16384), 5120) <= transform_shared_bytes &&
                  block_bytes(row_table_word(16384), 2 * row_shared_pairs(13)) <= transform_shared_bytes &&
                  block_bytes(row_table_word(8192), 2 * row_shared_pairs(12)) <= transform_shared_bytes,
              "warpnum: a padded block must fit");

void set_shared_limit(const void* kernel, int bytes = transform_shared_bytes) {
  check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes), "cudaFuncSetAttribute");
}

/// The shared memory of the process's GPUs, the smallest of each kind over all of them (found once): what a block
/// may opt in to, what an SM holds, and what the runtime reserves a block.
struct SharedLimits {
  std::size_t per_block = transform_shared_bytes;
  std::size_t per_sm = 0;
  std::size_t reserved = 0;
};

const SharedLimits& process_shared_limits() {
  static const SharedLimits limits = [] {
    SharedLimits l;
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
      static_cast<void>(cudaGetLastError());
      return l;
    }
    for (int i = 0; i < count; ++i) {
      int block = 0, sm = 0, reserved = 0;
      check_cuda(cudaDeviceGetAttribute(&block, cudaDevAttrMaxSharedMemoryPerBlockOptin, i), "cudaDeviceGetAttribute");
      check_cuda(cudaDeviceGetAttribute(&sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, i), "cudaDeviceGetAttribute");
      check_cuda(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, i),
                 "cudaDeviceGetAttribute");
      const auto at_most = [i](std::size_t& v, int x) { v = i == 0 ? x : std::min<std::size_t>(v, x); };
      at_most(l.per_block, block);
      at_most(l.per_sm, sm);
      l.reserved = std::max<std::size_t>(l.reserved, reserved);
    }
    return l;
  }();
  return limits;
}

/// The column passes' tile on the device: make_setup's (up to 16384 words, which every GPU's allowance holds), or
/// the widest of 8 and 4 columns that is wider and of which two blocks fit an SM of every GPU of the process (the
/// padded tile and the columns' table: 100 KiB for 8 of the 5 2^9-element columns of 10^8-digit products, 110 KiB
/// for 4 of the longest transform's 5 2^10). A tile of 4 reads and writes 16 bytes of each row, half of a 32-byte
/// memory sector, a tile of 2 a quarter; 8 read and write whole sectors. On an H100 (2026-12-06, rounds
/// alternating) Integer a * b of 10^8 digits took 2.72-2.74 ms with 8 columns against 2.95-2.96 with 4 (sqr
/// 2.03-2.06 against 2.14-2.15), and 2.89 with 16 (one block an SM); at 1.8 10^8 digits (the longest transform)
/// 6.56-6.60 ms with 4 columns against 8.46-8.47 with 2; at 10^7 digits 32 columns (one block an SM) took 0.35 ms
/// against 16's 0.31. Every GPU of the process takes the same tile, so that a transform cut over a device list
/// (distributed_transform.cu) cuts its columns alike on each.
std::pair<u32, u32> device_column_tile(const Setup& s) {
  const SharedLimits& l = process_shared_limits();
  for (u32 log2_wide = 3; log2_wide > s.log2_tile; --log2_wide) {
    const u32 wide = u32{1} << log2_wide;
    if (wide > s.plan.n2) continue;
    const std::size_t bytes = block_bytes(column_table_word(s.plan.n1 * wide), s.plan.n1);
    if (bytes <= l.per_block && 2 * (bytes + l.reserved) <= l.per_sm) return {wide, log2_wide};
  }
  return {s.tile, s.log2_tile};
}

/// Queues tables_kernel: the twiddle tables of s's length into `tables` on `stream`.
void make_tables(u32* tables, const Setup& s, const DevicePlan& d, cudaStream_t stream) {
  tables_kernel<<<dim3((s.layout.size + 255) / 256, 2 * num_primes), 256, 0, stream>>>(
      tables, d, s.roots[0][0], s.roots[0][1], s.roots[1][0], s.roots[1][1], s.roots[2][0], s.roots[2][1]);
  check_cuda(cudaGetLastError(), "tables_kernel");
}

/// The transform's twiddle tables (table_words words: tables_kernel's output) for one length on the current device,
/// made once on a stream of the cache's own, waited for, and kept for the process (660 KiB at the longest length), so
/// that a product launches no tables kernel: a launch is most of a small product's cost to the host. Null where
/// `stream` is being captured into a graph and the length has none yet (making them waits, which a capture forbids):
/// the caller then makes them in its scratch.
const u32* cached_tables(const Setup& s, const DevicePlan& d, std::size_t table_words, cudaStream_t stream) {
  struct Entry {
    int device;
    u32 length;
    u32* tables;
  };
  static std::mutex mutex;
  static std::vector<Entry> cache;
  static std::vector<std::pair<int, cudaStream_t>> streams;  // the cache's own stream on each device
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  const std::lock_guard<std::mutex> lock(mutex);
  for (const Entry& e : cache) {
    if (e.device == device && e.length == s.plan.length) return e.tables;
  }
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  check_cuda(cudaStreamIsCapturing(stream, &capture), "cudaStreamIsCapturing");
  if (capture != cudaStreamCaptureStatusNone) return nullptr;
  cudaStream_t own = nullptr;
  for (const auto& [dev, st] : streams) {
    if (dev == device) own = st;
  }
  if (own == nullptr) {
    check_cuda(cudaStreamCreateWithFlags(&own, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    streams.emplace_back(device, own);
  }
  auto* tables = static_cast<u32*>(device_allocate(table_words * sizeof(u32), own));  // never freed
  make_tables(tables, s, d, own);
  check_cuda(cudaStreamSynchronize(own), "tables_kernel");  // then every stream may read them
  cache.push_back({device, s.plan.length, tables});
  return tables;
}

/// Whether the column kernels of 64 registers a thread run d's columns in steps of four levels (the instances of
/// ntt::wide_column_levels), else three.
bool wide_columns(const DevicePlan& d) {
  return ntt::wide_column_step_levels(d.plan.radix, d.plan.log2_n1) == ntt::wide_column_levels;
}

using ForwardKernel = void (*)(u32*, const limb_t*, std::size_t, const limb_t*, std::size_t, const u32*, DevicePlan);
using InverseKernel = void (*)(u32*, const u32*, DevicePlan);

/// The columns forward's instance for d: steps of four levels or three (wide_columns), the tile width of 8 or 16
/// columns fixed where the steps are four (tile_log2), else read from d.
ForwardKernel forward_kernel(const DevicePlan& d) {
  if (!wide_columns(d)) return columns_forward_kernel<ntt::column_levels, 0>;
  if (d.log2_tile == 3) return columns_forward_kernel<ntt::wide_column_levels, 3>;
  if (d.log2_tile == 4) return columns_forward_kernel<ntt::wide_column_levels, 4>;
  return columns_forward_kernel<ntt::wide_column_levels, 0>;
}

/// Whether the inverse column kernel copies its tile of residues into shared memory (copy_tile_in, every quad of a
/// thread in flight at once) before its first step (columns_last_step's InShared), where that step reads them itself
/// otherwise: where the columns take steps of four levels (wide_columns), the first is one, and its items do not
/// divide evenly among the block's `threads`. Reading the residues item by item, each item's loads wait the memory's
/// latency in turn, and the threads with an item more keep the others waiting at the barrier: at 10^8 digits (1280
/// items of 16 elements for 512 threads, 2 or 3 each) the inverse columns' warps waited there a third of their time
/// (Nsight Compute), and with the copy the inverse columns took 0.380 ms where they took 0.403, the convolution 2 %
/// less; at 10^7 digits (1024 items, 2 each) the copy made the convolution 1-2 % slower (H100, 2026-12-07). The forward
/// kernel's last step writes its residues itself: copied out from shared memory after it, the 10^8-digit convolution
/// took 3.5 % longer.
bool inverse_tile_in(const DevicePlan& d, u32 threads) {
  const u32 r = d.plan.radix, a = d.plan.log2_n1, most = ntt::wide_column_levels;
  if (a == 0 || !wide_columns(d)) return false;
  const Step st = ntt::joined_step(r, a, most, ntt::joined_step_count(r, a, most) - 1);
  return st.levels == most && (st.items << d.log2_tile) % threads != 0;
}

/// The columns inverse's instance: three blocks an SM (40 registers a thread) take steps of three levels; two (64
/// registers) the forward's, with its tile widths fixed, and the tile copied in where inverse_tile_in (`tile_in`).
InverseKernel inverse_kernel(const DevicePlan& d, bool three_blocks, bool tile_in) {
  if (three_blocks) return columns_inverse_kernel<3, ntt::column_levels, 0>;
  if (!wide_columns(d)) return columns_inverse_kernel<2, ntt::column_levels, 0>;
  if (d.log2_tile == 3) {
    return tile_in ? columns_inverse_kernel<2, ntt::wide_column_levels, 3, true>
                   : columns_inverse_kernel<2, ntt::wide_column_levels, 3>;
  }
  if (d.log2_tile == 4) {
    return tile_in ? columns_inverse_kernel<2, ntt::wide_column_levels, 4, true>
                   : columns_inverse_kernel<2, ntt::wide_column_levels, 4>;
  }
  return tile_in ? columns_inverse_kernel<2, ntt::wide_column_levels, 0, true>
                 : columns_inverse_kernel<2, ntt::wide_column_levels, 0>;
}

/// Every instance of the column kernels, for their shared-memory limits.
std::array<const void*, 12> column_kernels() {
  return {reinterpret_cast<const void*>(&columns_forward_kernel<ntt::column_levels, 0>),
          reinterpret_cast<const void*>(&columns_forward_kernel<ntt::wide_column_levels, 0>),
          reinterpret_cast<const void*>(&columns_forward_kernel<ntt::wide_column_levels, 3>),
          reinterpret_cast<const void*>(&columns_forward_kernel<ntt::wide_column_levels, 4>),
          reinterpret_cast<const void*>(&columns_inverse_kernel<3, ntt::column_levels, 0>),
          reinterpret_cast<const void*>(&columns_inverse_kernel<2, ntt::column_levels, 0>),
          reinterpret_cast<const void*>(&columns_inverse_kernel<2, ntt::wide_column_levels, 0>),
          reinterpret_cast<const void*>(&columns_inverse_kernel<2, ntt::wide_column_levels, 3>),
          reinterpret_cast<const void*>(&columns_inverse_kernel<2, ntt::wide_column_levels, 4>),
          reinterpret_cast<const void*>(&columns_inverse_kernel<2, ntt::wide_column_levels, 0, true>),
          reinterpret_cast<const void*>(&columns_inverse_kernel<2, ntt::wide_column_levels, 3, true>),
          reinterpret_cast<const void*>(&columns_inverse_kernel<2, ntt::wide_column_levels, 4, true>)};
}

/// One product's transform as launches: its setup, the kernels' plan and the passes' blocks. A pass's blocks are
/// numbered as the whole pass launches them; a launch may take a range of them (column tiles, row groups), which is
/// how one transform is cut over several GPUs (transform_passes.hpp).
struct Passes {
  Setup s;
  DevicePlan d;
  u32 col_words;   ///< words of a column tile
  u32 col_tiles;   ///< the column passes' tiles
  u32 col_shared;  ///< their shared memory: the tile, the table
  u32 row_words;   ///< words of a row block, both operands
  u32 row_groups;  ///< the row pass's groups of d.rows rows
  u32 row_shared;
  std::size_t table_words;
};

Passes make_passes(std::size_t na, std::size_t nb, bool square) {
  // The kernels' shared-memory limits, on every GPU that runs them (CUDA keeps them per device).
  static warpnum::detail::PerDevice<bool> limits_set;
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  limits_set.get(device, [] {
    // The column kernels up to what every GPU of the process allows a block (device_column_tile's wide tiles).
    const int columns = static_cast<int>(std::max<std::size_t>(transform_shared_bytes,
                                                               process_shared_limits().per_block));
    for (const void* kernel : column_kernels()) set_shared_limit(kernel, columns);
    set_shared_limit(reinterpret_cast<const void*>(&rows_kernel));
    return true;
  });
  Passes p{};
  p.s = make_setup(na + nb - 1);
  const Setup& s = p.s;
  DevicePlan& d = p.d;
  d.plan = s.plan;
  d.layout = s.layout;
  for (int q = 0; q < num_primes; ++q) d.mods[q] = s.mods[q];
  std::tie(d.tile, d.log2_tile) = device_column_tile(s);
  d.rows = s.rows;
  d.log2_rows = s.log2_rows;
  d.ops = square ? 1 : 2;
  d.length = s.plan.length;
  d.block0 = 0;
  p.col_words = s.plan.n1 << d.log2_tile;
  p.col_tiles = s.plan.n2 >> d.log2_tile;
  p.col_shared = block_bytes(column_table_word(p.col_words), s.plan.n1);
  p.row_words = (s.rows << s.plan.log2_n2) * d.ops;
  p.row_groups = s.plan.n1 >> s.log2_rows;
  p.row_shared = block_bytes(row_table_word(p.row_words), 2 * row_shared_pairs(s.plan.log2_n2));
  p.table_words = std::size_t{s.layout.size} * 2 * num_primes;
  return p;
}

/// 1. Tiles [first, end) of the columns forward.
void launch_columns_forward(const Passes& p, u32* residues, const u32* tables, const limb_t* a, std::size_t na,
                            const limb_t* b, std::size_t nb, u32 first, u32 end, cudaStream_t stream) {
  if (first >= end) return;
  DevicePlan d = p.d;
  d.block0 = first * num_primes * d.ops;
  forward_kernel(d)<<<(end - first) * num_primes * d.ops, block_threads(p.col_words), p.col_shared, stream>>>(
      residues, a, na, b, nb, tables, d);
  check_cuda(cudaGetLastError(), "columns_forward_kernel");
}

/// 2. Row groups [first, end): forward, the pointwise product, inverse.
void launch_rows(const Passes& p, u32* residues, const u32* tables, u32 first, u32 end, cudaStream_t stream) {
  if (first >= end) return;
  DevicePlan d = p.d;
  d.block0 = first * num_primes;
  rows_kernel<<<(end - first) * num_primes, block_threads(p.row_words / d.ops), p.row_shared, stream>>>(residues,
                                                                                                       tables, d);
  check_cuda(cudaGetLastError(), "rows_kernel");
}

/// 3. Tiles [first, end) of the columns inverse.
void launch_columns_inverse(const Passes& p, u32* residues, const u32* tables, u32 first, u32 end,
                            cudaStream_t stream) {
  if (first >= end) return;
  DevicePlan d = p.d;
  d.block0 = first * num_primes;
  const u32 inverse_threads = block_threads(p.col_words);
  inverse_kernel(d, column_blocks_per_sm(p.col_words) == 3, inverse_tile_in(d, inverse_threads))<<<
      (end - first) * num_primes, inverse_threads, p.col_shared, stream>>>(residues, tables, d);
  check_cuda(cudaGetLastError(), "columns_inverse_kernel");
}

/// Queues the transforms of a * b on `stream` (the columns forward, the rows with the pointwise product, the columns
/// inverse), then finish(residues, length, crt): prime q's residue of coefficient k at residues[q length + k], in
/// scratch freed, in the stream's order, after what finish queues.
template <class Finish>
void transforms_device(const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, cudaStream_t stream,
                       Finish&& finish) {
  const bool square = a == b && na == nb;
  const Passes p = make_passes(na, nb, square);
  const std::size_t residue_words = p.d.length * num_primes * p.d.ops;
  const u32* tables = cached_tables(p.s, p.d, p.table_words, stream);
  DeviceScratch scratch(((tables == nullptr ? p.table_words : 0) + residue_words) * sizeof(u32), stream);
  u32* residues = scratch.as<u32>();
  if (tables == nullptr) {  // a graph being captured: the tables in the scratch, made by the graph
    u32* own = residues;
    residues += p.table_words;
    make_tables(own, p.s, p.d, stream);
    tables = own;
  }
  launch_columns_forward(p, residues, tables, a, na, b, nb, 0, p.col_tiles, stream);
  launch_rows(p, residues, tables, 0, p.row_groups, stream);
  launch_columns_inverse(p, residues, tables, 0, p.col_tiles, stream);
  finish(static_cast<const u32*>(residues), p.d.length, p.s.crt);
}

void convolve_ntt_device(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Queue queue) {
  const cudaStream_t stream = queue.stream;
  const std::size_t nc = na + nb - 1;
  transforms_device(a, na, b, nb, stream, [&](const u32* residues, std::size_t length, const ntt::Crt& crt) {
    crt_kernel<<<static_cast<unsigned>((nc + 255) / 256), 256, 0, stream>>>(c, nc, residues, length, crt);
    check_cuda(cudaGetLastError(), "crt_kernel");
  });
  if (queue.wait) check_cuda(cudaStreamSynchronize(stream), "convolve_ntt");
}

// The tiled convolution (Dieguez et al., "The CUDA Tiling Multiplication Approach"): block (ti, tj) multiplies
// a[ti T, ti T + T) by b[tj T, tj T + T) into 2T - 1 column sums and adds them to the product's columns with
// global atomics. Thread t sums columns t and t + T of the tile (t + 1 and T - 1 - t products: T in all), reading
// a[i] (the same for the whole warp) and b[(t - i) mod T] from shared memory.
constexpr u32 tile_size = 256;

/// The tile (i0, j0) of a * b added into the product's coefficients c (one block of tile_size threads).
__device__ void tile_product(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                             std::size_t i0, std::size_t j0) {
  __shared__ u32 sa[tile_size];
  __shared__ u32 sb[tile_size];
  const u32 t = threadIdx.x;
  sa[t] = i0 + t < na ? a[i0 + t] : 0;
  sb[t] = j0 + t < nb ? b[j0 + t] : 0;
  __syncthreads();
  ntt::Acc96 low{0, 0};
  ntt::Acc96 high{0, 0};
  const u32 ia = na - i0 < tile_size ? static_cast<u32>(na - i0) : tile_size;
#pragma unroll 8
  for (u32 i = 0; i < ia; ++i) {
    const u32 x = sa[i];
    const u32 y = sb[(t - i) & (tile_size - 1)];
    if (i <= t) {
      ntt::mul_acc(low, x, y);
    } else {
      ntt::mul_acc(high, x, y);
    }
  }
  // Columns past the product get only zero sums, and zero sums add nothing: no writes past na + nb - 1.
  // Each word of the coefficient by a 32-bit atomic, the carry out of it (seen by this add as its old word plus
  // what it adds wrapping) into the next: every add that wraps a word carries exactly one into the next word, so
  // the three words hold the column's sum in whatever order the tiles add (it stays below 2^96).
  const auto add = [&](std::size_t k, const ntt::Acc96& v) {
    if (v.lo == 0 && v.hi == 0) return;
    u32* w = c[k].w;
    const auto x0 = static_cast<u32>(v.lo), x1 = static_cast<u32>(v.lo >> 32);
    u32 carry = 0;
    if (x0 != 0) {
      const u32 old = atomicAdd(w, x0);
      carry = old + x0 < old ? 1u : 0u;
    }
    const u32 y1 = x1 + carry;
    u32 carry2 = y1 < x1 ? 1u : 0u;  // x1 all ones and a carry in
    if (y1 != 0) {
      const u32 old = atomicAdd(w + 1, y1);
      carry2 += old + y1 < old ? 1u : 0u;
    }
    if (v.hi + carry2 != 0) atomicAdd(w + 2, v.hi + carry2);
  };
  add(i0 + j0 + t, low);
  if (t + 1 < tile_size) add(i0 + j0 + t + tile_size, high);
}

__global__ void tiled_convolution_kernel(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b,
                                         std::size_t nb) {
  tile_product(c, a, na, b, nb, std::size_t{blockIdx.x} * tile_size, std::size_t{blockIdx.y} * tile_size);
}

/// A product of a batch for the batched tiled convolution: its operands, its columns' offset, and the number of
/// tiles before it (blocks [first_tile, first_tile + tiles of a x tiles of b) are its tiles, a's tile slowest).
struct TileJob {
  const limb_t* a;
  const limb_t* b;
  std::size_t na, nb;
  std::size_t out;
  std::size_t first_tile;
};

/// Every tile of every product of a batch, a block each: block z finds its product by binary search on first_tile.
__global__ void tiled_convolution_batch_kernel(Coef96* c, const TileJob* jobs, std::size_t count) {
  const std::size_t z = blockIdx.x;
  const TileJob job = jobs[detail::last_at_or_below(jobs, count, z, &TileJob::first_tile)];
  const std::size_t local = z - job.first_tile;
  const std::size_t tiles_b = (job.nb + tile_size - 1) / tile_size;
  tile_product(c + job.out, job.a, job.na, job.b, job.nb, local / tiles_b * tile_size, local % tiles_b * tile_size);
}

/// The tiles add into c, zeroed first: no column sums of their own and no kernel to copy them into c.
void convolve_columns_device(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                             Queue queue) {
  const cudaStream_t stream = queue.stream;
  const std::size_t nc = na + nb - 1;
  check_cuda(cudaMemsetAsync(c, 0, nc * sizeof(Coef96), stream), "cudaMemsetAsync");
  const dim3 grid(static_cast<unsigned>((na + tile_size - 1) / tile_size),
                  static_cast<unsigned>((nb + tile_size - 1) / tile_size));
  tiled_convolution_kernel<<<grid, tile_size, 0, stream>>>(c, a, na, b, nb);
  check_cuda(cudaGetLastError(), "tiled_convolution_kernel");
  if (queue.wait) check_cuda(cudaStreamSynchronize(stream), "convolve_columns");
}

/// The batch on the device: the tiled products in one launch into column sums, the transform's one by one into
/// their regions of c.
void convolve_batch_device(Coef96* c, std::size_t total, std::span<const ProductJob> jobs, Queue queue) {
  const cudaStream_t stream = queue.stream;
  std::vector<TileJob> tiled;
  std::size_t tiles = 0;
  for (const ProductJob& j : jobs) {
    if (j.na == 0 || j.nb == 0 || !device_product_is_tiled(j.na, j.nb)) continue;
    tiled.push_back({j.a, j.b, j.na, j.nb, j.out, tiles});
    tiles += ((j.na + tile_size - 1) / tile_size) * ((j.nb + tile_size - 1) / tile_size);
  }
  // Zero everywhere: the tiles add into their regions, the transform's products overwrite theirs below, and the
  // columns between products stay zero.
  check_cuda(cudaMemsetAsync(c, 0, total * sizeof(Coef96), stream), "cudaMemsetAsync");
  if (!tiled.empty()) {
    if (tiles > 0x7fffffffu) throw_error<std::length_error>("warpnum::huge::convolve_batch: too many tiles");
    DeviceScratch table(tiled.size() * sizeof(TileJob), stream);
    // From pageable memory: staged by the driver before the call returns, so `tiled` may go at once.
    check_cuda(cudaMemcpyAsync(table.as<TileJob>(), tiled.data(), tiled.size() * sizeof(TileJob),
                               cudaMemcpyHostToDevice, stream),
               "cudaMemcpyAsync");
    tiled_convolution_batch_kernel<<<static_cast<unsigned>(tiles), tile_size, 0, stream>>>(c, table.as<TileJob>(),
                                                                                          tiled.size());
    check_cuda(cudaGetLastError(), "tiled_convolution_batch_kernel");
  }
  for (const ProductJob& j : jobs) {
    if (j.na == 0 || j.nb == 0 || device_product_is_tiled(j.na, j.nb)) continue;
    convolve_ntt_device(c + j.out, j.a, j.na, j.b, j.nb, Queue::on(stream));
  }
  if (queue.wait) check_cuda(cudaStreamSynchronize(stream), "convolve_batch");
}

#endif  // WARPNUM_HAS_CUDA

#if !WARPNUM_HAS_CUDA
[[noreturn]] void no_device() {
  throw_error<std::runtime_error>("warpnum::huge: Place::device, but the library was built without CUDA");
}
#endif

}  // namespace

void convolve_ntt(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place,
                  [[maybe_unused]] Queue queue) {
  check_arguments(na, nb);
  if (na + nb > ntt_max_product()) throw_error<std::length_error>("warpnum::huge::convolve_ntt: product too long");
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    convolve_ntt_device(c, a, na, b, nb, queue);
    return;
#else
    no_device();
#endif
  }
  convolve_ntt_host(c, a, na, b, nb);
}

void multiply_ntt(limb_t* r, std::size_t n_out, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                  Place place, [[maybe_unused]] Queue queue) {
  check_arguments(na, nb);
  if (na + nb > ntt_max_product()) throw_error<std::length_error>("warpnum::huge::multiply_ntt: product too long");
  const std::size_t nc = na + nb - 1;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    transforms_device(a, na, b, nb, queue.stream, [&](const u32* residues, std::size_t length, const Crt& crt) {
      normalise_residues(r, n_out, residues, length, nc, crt, Queue::on(queue.stream));
    });
    if (queue.wait) check_cuda(cudaStreamSynchronize(queue.stream), "multiply_ntt");
    return;
#else
    no_device();
#endif
  }
  std::vector<Coef96> c(nc);
  convolve_ntt_host(c.data(), a, na, b, nb);
  normalise(r, n_out, c.data(), nc, Place::host);
}

std::size_t cyclic_length_at_least(std::size_t limbs) noexcept { return ntt::make_plan(limbs).length; }

void multiply_mod_bnm1_host(limb_t* r, std::size_t length, const limb_t* a, std::size_t na, const limb_t* b,
                            std::size_t nb) {
  check_arguments(na, nb);
  if (length != cyclic_length_at_least(length) || na > length || nb > length || 2 * length > ntt::max_length) {
    throw_error<std::invalid_argument>("warpnum::huge::multiply_mod_bnm1_host: not a transform length, or too short");
  }
  const std::size_t nc = std::min(na + nb - 1, length);
  std::vector<Coef96> c(nc);
  convolve_ntt_host(c.data(), a, na, b, nb, length);
  // The coefficients' sum below 2^(32 (length + 3)), folded.
  std::vector<limb_t> v(length + 3);
  normalise(v.data(), v.size(), c.data(), nc, Place::host);
  fold_mod_bnm1_host(r, length, v.data(), v.size());
}

void fold_mod_bnm1_host(limb_t* r, std::size_t length, const limb_t* x, std::size_t n) {
  std::fill(r, r + length, limb_t{0});
  limb_t carry = 0;
  for (std::size_t at = 0; at < n; at += length) {
    carry += add(r, r, length, x + at, std::min(length, n - at), Place::host);
  }
  while (carry != 0) {
    const limb_t in = carry;
    carry = add(r, r, length, &in, 1, Place::host);
  }
}

void convolve_columns(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place,
                      [[maybe_unused]] Queue queue) {
  check_arguments(na, nb);
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    convolve_columns_device(c, a, na, b, nb, queue);
    return;
#else
    no_device();
#endif
  }
  convolve_columns_host(c, a, na, b, nb);
}

bool device_product_is_tiled(std::size_t na, std::size_t nb) noexcept {
  return static_cast<double>(na) * static_cast<double>(nb) <
         static_cast<double>(thresholds::device_ntt) * static_cast<double>(thresholds::device_ntt);
}

void convolve_batch(Coef96* c, std::size_t total, std::span<const ProductJob> jobs, Place place,
                    [[maybe_unused]] Queue queue) {
  if (total == 0) return;
  for (const ProductJob& j : jobs) {
    if (j.na != 0 && j.nb != 0) check_arguments(j.na, j.nb);
    if (j.na + j.nb > ntt_max_product()) {
      throw_error<std::length_error>("warpnum::huge::convolve_batch: product too long for one transform");
    }
  }
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    convolve_batch_device(c, total, jobs, queue);
    return;
#else
    no_device();
#endif
  }
  std::memset(static_cast<void*>(c), 0, total * sizeof(Coef96));
  for (const ProductJob& j : jobs) {
    if (j.na == 0 || j.nb == 0) continue;
    if (device_product_is_tiled(j.na, j.nb)) {
      convolve_columns_host(c + j.out, j.a, j.na, j.b, j.nb);
    } else {
      convolve_ntt_host(c + j.out, j.a, j.na, j.b, j.nb);
    }
  }
}

std::size_t ntt_max_product() noexcept { return ntt::max_length + 1; }

#if WARPNUM_HAS_CUDA
namespace {

/// The GPU's cached tables for p's length (made on first use; never inside a graph capture).
const u32* tables_for(const Passes& p, cudaStream_t stream) {
  const u32* tables = cached_tables(p.s, p.d, p.table_words, stream);
  if (tables == nullptr) {
    throw_error<std::runtime_error>("warpnum::huge: a transform cut over several GPUs cannot be captured in a graph");
  }
  return tables;
}

}  // namespace

TransformShape transform_shape(std::size_t na, std::size_t nb, bool square) {
  const Setup s = make_setup(na + nb - 1);
  return {s.plan.length, s.plan.n1, s.plan.n2, device_column_tile(s).first, s.rows, square ? 1u : 2u};
}

void transform_columns_forward(u32* residues, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                               u32 first, u32 end, cudaStream_t stream) {
  const Passes p = make_passes(na, nb, a == b && na == nb);
  launch_columns_forward(p, residues, tables_for(p, stream), a, na, b, nb, first, end, stream);
}

void transform_rows(u32* residues, std::size_t na, std::size_t nb, bool square, u32 first, u32 end,
                    cudaStream_t stream) {
  const Passes p = make_passes(na, nb, square);
  launch_rows(p, residues, tables_for(p, stream), first, end, stream);
}

void transform_columns_inverse(u32* residues, std::size_t na, std::size_t nb, bool square, u32 first, u32 end,
                               cudaStream_t stream) {
  const Passes p = make_passes(na, nb, square);
  launch_columns_inverse(p, residues, tables_for(p, stream), first, end, stream);
}

void transform_finish(limb_t* r, std::size_t n_out, const u32* residues, std::size_t first, std::size_t count,
                      std::size_t na, std::size_t nb, cudaStream_t stream) {
  const Setup s = make_setup(na + nb - 1);
  normalise_residues(r, n_out, residues + first, s.plan.length, count, s.crt, Queue::on(stream));
}
#endif

}  // namespace warpnum::huge
