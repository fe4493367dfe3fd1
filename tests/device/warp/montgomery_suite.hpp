// SPDX-License-Identifier: Apache-2.0
// tests/device/warp/montgomery_suite.hpp: the check of a lane-group Montgomery context against GMP, shared by
// warp::Montgomery's test (warp/montgomery_test.cu) and warp::ct::Montgomery's (ct/lane_montgomery_test.cu): the
// context built in a kernel from each modulus, its constants (R mod m, R^2 mod m, -m^-1 mod 2^32), mul, sqr, add and
// sub through the Montgomery form, and powm with exponents 0, 1, 2, short, all ones and of random length. Moduli:
// odd ones of random shapes and lengths (edge values among them, all ones, small ones whose top lanes are zero,
// 2^Bits - 1 with operands m - 1), and the errors: even, zero (status, and results 0).
#pragma once

#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/status.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>
#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {

namespace cg = cooperative_groups;

template <std::size_t Bits> struct Results {
  BigUInt<Bits> one;  // R mod m
  BigUInt<Bits> r2;   // R^2 mod m
  BigUInt<Bits> mul;  // a b mod m
  BigUInt<Bits> sqr;  // a^2 mod m
  BigUInt<Bits> add;  // (a + b) mod m
  BigUInt<Bits> sub;  // (a - b) mod m
  BigUInt<Bits> pow;  // a^e mod m
  std::uint32_t minv;
  Status status;
};

template <template <std::size_t, unsigned> class Ctx, std::size_t Bits, unsigned G>
__global__ void mont_kernel(const BigUInt<Bits>* a, const BigUInt<Bits>* b, const BigUInt<Bits>* m, const BigUInt<Bits>* e,
                            Results<Bits>* out, std::size_t n) {
  const auto tile = cg::tiled_partition<G>(cg::this_thread_block());
  const std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G;
  if (i >= n) return;  // whole tiles leave together
  const Ctx<Bits, G> ctx(tile, warp::load(tile, m[i]));
  const auto x = ctx.to_montgomery(tile, warp::load(tile, a[i]));
  const auto y = ctx.to_montgomery(tile, warp::load(tile, b[i]));
  warp::store(tile, out[i].one, ctx.one());
  warp::store(tile, out[i].r2, ctx.r_squared());
  warp::store(tile, out[i].mul, ctx.from_montgomery(tile, ctx.mul(tile, x, y)));
  warp::store(tile, out[i].sqr, ctx.from_montgomery(tile, ctx.sqr(tile, x)));
  warp::store(tile, out[i].add, ctx.from_montgomery(tile, ctx.add(tile, x, y)));
  warp::store(tile, out[i].sub, ctx.from_montgomery(tile, ctx.sub(tile, x, y)));
  warp::store(tile, out[i].pow, ctx.powm(tile, warp::load(tile, a[i]), e[i]));
  if (tile.thread_rank() == 0) {
    out[i].minv = ctx.neg_inverse();
    out[i].status = ctx.status();
  }
}

/// An odd modulus of a random length from 1 to Bits bits (so that the top lanes of small ones are zero).
template <class T> T odd_of_random_length(Rng& rng) {
  const std::size_t bits = 1 + rng.below(T::bits);
  T m = random_value<T>(rng);
  if (bits < T::bits) m = (m << (T::bits - bits)) >> (T::bits - bits);
  m.set_bit(0);
  return m;
}

/// Ctx<Bits, G> (warp::Montgomery or warp::ct::Montgomery) built in a kernel from each modulus, against GMP.
template <template <std::size_t, unsigned> class Ctx, std::size_t Bits, unsigned G>
void check_group(const std::string& name) {
  using T = BigUInt<Bits>;
  using oracle::Mpz;
  using oracle::to_mpz;
  const std::string what = name + " " + std::to_string(Bits) + " G=" + std::to_string(G);
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  const std::size_t n = Bits >= 4096 ? 160 : Bits >= 2048 ? 320 : 640;
  std::vector<T> a(n), b(n), m(n), e(n);
  for (std::size_t i = 0; i < n; ++i) {
    switch (i % 8) {
      case 0: m[i] = any_modulus<T>(rng, i / 8); break;  // odd, even, zero and one
      case 1: m[i] = odd_of_random_length<T>(rng); break;
      case 2: m[i] = T{3u}; break;
      case 3: m[i] = ~T{}; break;  // R mod m = 1: a = m - 1 stays m - 1 in Montgomery form (the longest carries)
      default: m[i] = make_modulus<T>(rng, ModKind::odd); break;
    }
    a[i] = i % 5 == 0 ? m[i] - 1u : random_value<T>(rng);  // most above m; m - 1 now and then
    b[i] = i % 7 == 0 ? ~T{} : random_value<T>(rng);
    e[i] = make_exponent<T>(rng);
  }
  DeviceArray<T> d_a(n), d_b(n), d_m(n), d_e(n);
  DeviceArray<Results<Bits>> d_out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(d_a.get(), a.data(), d_a.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_b.get(), b.data(), d_b.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_m.get(), m.data(), d_m.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_e.get(), e.data(), d_e.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  constexpr unsigned threads = 128;
  const auto blocks = static_cast<unsigned>((n * G + threads - 1) / threads);
  mont_kernel<Ctx, Bits, G><<<blocks, threads>>>(d_a.get(), d_b.get(), d_m.get(), d_e.get(), d_out.get(), n);
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  std::vector<Results<Bits>> out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(out.data(), d_out.get(), d_out.bytes(), cudaMemcpyDeviceToHost));

  std::size_t failures = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Results<Bits>& got = out[i];
    const bool ok = m[i].bit(0);
    Results<Bits> want{};
    want.status = m[i].is_zero() ? Status::division_by_zero : ok ? Status::ok : Status::invalid_argument;
    want.minv = ~0u;  // -1^-1: a failed context works modulo 1
    if (ok) {
      const Mpz mm = to_mpz(m[i]);
      const Mpz aa = to_mpz(a[i]);
      const Mpz bb = to_mpz(b[i]);
      const auto mod_m = [&](const Mpz& x) {  // x mod m (non-negative) as a T
        Mpz r;
        mpz_mod(r, x, mm);
        return oracle::from_mpz<T>(r);
      };
      Mpz x, y;
      mpz_setbit(x, Bits);  // R
      want.one = mod_m(x);
      mpz_mul(y, x, x);
      want.r2 = mod_m(y);
      mpz_mul(y, aa, bb);
      want.mul = mod_m(y);
      mpz_mul(y, aa, aa);
      want.sqr = mod_m(y);
      mpz_add(y, aa, bb);
      want.add = mod_m(y);
      mpz_sub(y, aa, bb);
      want.sub = mod_m(y);
      mpz_powm(y, aa, to_mpz(e[i]), mm);
      want.pow = oracle::from_mpz<T>(y);
      Mpz two32, inv;  // -m^-1 mod 2^32
      mpz_setbit(two32, 32);
      mpz_invert(inv, mm, two32);
      mpz_sub(inv, two32, inv);
      want.minv = static_cast<std::uint32_t>(mpz_get_ui(inv) & 0xffffffffu);
    }
    const bool same = got.one == want.one && got.r2 == want.r2 && got.mul == want.mul && got.sqr == want.sqr &&
                      got.add == want.add && got.sub == want.sub && got.pow == want.pow && got.minv == want.minv &&
                      got.status == want.status;
    if (same) continue;
    if (++failures > 4) continue;
    ADD_FAILURE() << what << ": element " << i << " (seed 0x" << std::hex << seed << std::dec << ")\n  m " << m[i]
                  << "\n  a " << a[i] << "\n  b " << b[i] << "\n  e " << e[i] << "\n  R mod m " << (got.one == want.one)
                  << ", R^2 mod m " << (got.r2 == want.r2) << ", mul " << (got.mul == want.mul) << ", sqr "
                  << (got.sqr == want.sqr) << ", add " << (got.add == want.add) << ", sub " << (got.sub == want.sub)
                  << ", pow " << (got.pow == want.pow) << ", -m^-1 " << (got.minv == want.minv) << ", status "
                  << (got.status == want.status) << " (1: right)";
  }
  EXPECT_EQ(failures, 0u) << what << ": elements wrong out of " << n;
}

}  // namespace warpnum::test
