// SPDX-License-Identifier: Apache-2.0
// bench/cases/modular.cu: powm, division, square root, gcd and modular inverse on the GPU, one thread a number,
// in compute mode after CGBN's perf_tests (each instance chains `loops` operations in registers, each result
// feeding the next operand, so nothing is hoisted):
//   powm     x <- x^e mod m: odd m of Bits bits (top bit set), a 512-bit exponent at every width (CGBN's fixed
//            5-bit window; ours: fixed 4-bit windows), 8192 / Bits per instance (at least 1), a Montgomery context
//            built for each; by one thread ("thread") or by G lanes (warp::Montgomery, "montG");
//   div_qr   (q, r) <- (r b^n + q) / d: a 2n-bit value by an n-bit one (r < d, so q fits n bits), CGBN's div_qr;
//            the dividend joined from its halves (join), as CGBN's takes a wide value of two halves;
//   sqrt     r <- isqrt(b b^n + r): the n-bit root of a 2n-bit value whose high half stays b, CGBN's sqrt_wide
//            (its loop sets the low half to the last root);
//   gcd      (a, b) <- (b, a xor gcd(a, b));
//   modinv   a <- (a xor a^-1 mod m) for an odd m (a status, not an exception, where no inverse exists); at 2048
//            bits by a grid of 8 warps an SM striding over the instances ("thread-8w", resident_blocks_per_sm).
// and in batch mode full-exponent modular exponentiation, out[i] = a[i]^e[i] mod m with e[i] and m of Bits bits
// (m odd, shared), by warpnum::powm_n from and to device memory at 1024, 2048 and 4096 bits (one thread an element
// at 1024 bits, a lane group above: batch::detail::powm_lanes), compared with GMP's mpz_powm on every core of the
// host (bench/host/modular_bench.cpp); and "powm_ct", the same exponentiation in constant time by ct::powm_n
// (fixed windows over every exponent bit, masked table reads; docs/security.md) at 256 to 4096 bits, and at 1024
// and 2048 bits also by one thread and by lane groups of each size (warp::ct::Montgomery), beside "powm"; and
// "powm" at 1024 and 2048 bits over a device list (batch/powm_devices.hpp): {0, 0} and all().
#include "base.cuh"

#include <warpnum/batch/ct/powm.hpp>
#include <warpnum/batch/kernel/powm.hpp>
#include <warpnum/batch/powm.hpp>
#include <warpnum/batch/powm_devices.hpp>
#include <warpnum/ct/montgomery.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/warp/ct/montgomery.hpp>
#include <warpnum/warp/montgomery.hpp>

#include <cooperative_groups.h>

#include <algorithm>
#include <cstddef>
#include <string>

namespace warpnum::bench {
namespace {

namespace cg = cooperative_groups;

constexpr unsigned block_threads = 128;

/// The modulus of an instance: odd, with its top bit set (a Bits-bit modulus, as CGBN's tests draw them).
template <std::size_t Bits> __host__ __device__ BigUInt<Bits> as_modulus(BigUInt<Bits> m) {
  m.set_bit(0);
  m.set_bit(Bits - 1);
  return m;
}

enum class Op { powm, div_qr, sqrt, gcd, modinv };

constexpr const char* op_name(Op op) {
  switch (op) {
    case Op::powm: return "powm";
    case Op::div_qr: return "div_qr";
    case Op::sqrt: return "sqrt";
    case Op::gcd: return "gcd";
    case Op::modinv: return "modinv";
  }
  return "?";
}

/// Operations an instance chains: powm, gcd and modinv 8192 / Bits (CGBN's powm count), the others 10x that.
constexpr int op_loops(Op op, std::size_t bits) {
  const int base = static_cast<int>(std::max<std::size_t>(1, 8192 / bits));
  return op == Op::div_qr || op == Op::sqrt ? 10 * base : base;
}

/// CGBN perf_tests on an H100 80GB, compute mode (CGBN's own harness, best threads per instance), operations a second.
double cgbn_h100(Op op, int bits) {
  const int k = bits == 256 ? 0 : bits == 1024 ? 1 : bits == 2048 ? 2 : bits == 4096 ? 3 : -1;
  if (k < 0) return 0;
  static constexpr double powm[4] = {24.3e6, 4.09e6, 1.27e6, 0};
  static constexpr double div_qr[4] = {2.26e9, 528e6, 302e6, 103e6};
  static constexpr double sqrt[4] = {1.41e9, 502e6, 258e6, 93.2e6};
  static constexpr double gcd[4] = {228e6, 53.0e6, 20.1e6, 7.24e6};
  static constexpr double modinv[4] = {83.6e6, 24.9e6, 10.8e6, 4.17e6};
  switch (op) {
    case Op::powm: return powm[k];
    case Op::div_qr: return div_qr[k];
    case Op::sqrt: return sqrt[k];
    case Op::gcd: return gcd[k];
    case Op::modinv: return modinv[k];
  }
  return 0;
}

/// One instance's chain: the same code on the host (spot check) and the device.
template <Op O, std::size_t Bits>
__host__ __device__ BigUInt<Bits> chain(BigUInt<Bits> a, BigUInt<Bits> b, const BigUInt<512>& e, int loops) {
  using T = BigUInt<Bits>;
  if constexpr (O == Op::powm) {
    const T m = as_modulus(b);
    for (int l = 0; l < loops; ++l) a = powm_checked(a, e, m).value;
    return a;
  } else if constexpr (O == Op::div_qr) {
    using W = BigUInt<2 * Bits>;
    const W d(as_modulus(b));
    T r = a % T(d);
    T q = b;
    for (int l = 0; l < loops; ++l) {
      const auto qr = divmod(join(r, q), d);
      q = T(qr.quot);
      r = T(qr.rem);
    }
    return q ^ r;
  } else if constexpr (O == Op::sqrt) {
    T r = a;
    for (int l = 0; l < loops; ++l) r = T(isqrt(join(b, r)));
    return r;
  } else if constexpr (O == Op::gcd) {
    for (int l = 0; l < loops; ++l) {
      const T g = gcd(a, b);
      const T next = b;
      b = a ^ g;
      a = next;
    }
    return a ^ b;
  } else {
    const T m = as_modulus(b);
    for (int l = 0; l < loops; ++l) a ^= modinv_checked(a, m).value;
    return a;
  }
}

/// One thread an instance; a grid smaller than the instances strides over them (see resident_blocks_per_sm).
template <Op O, std::size_t Bits>
__global__ __launch_bounds__(block_threads) void compute_kernel(const BigUInt<Bits>* a, const BigUInt<Bits>* b,
                                                                const BigUInt<512>* e, BigUInt<Bits>* out,
                                                                std::size_t n, int loops) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    out[i] = chain<O, Bits>(a[i], b[i], e[i], loops);
  }
}

/// Blocks an SM runs at a time for an operation, 0 for as many as fit (a block an instance group, all launched).
/// modinv at 2048 bits keeps its four numbers (1.3 KB a thread) in local memory; at the warps an SM its registers
/// allow, they overflow the L1 and L2 caches and the kernel waits on DRAM (ncu: 87% of its stalls on local
/// memory). At 8 warps an SM they fit: 22.0 against 14.1 M/s (H100, 2026-11-25). The same instances and
/// operations, run by a grid of 2 blocks an SM striding over them. At 4096 bits the cap did not pay in probes.
constexpr int resident_blocks_per_sm(Op op, std::size_t bits) { return op == Op::modinv && bits == 2048 ? 2 : 0; }

/// powm by G lanes an instance (warp::Montgomery): the chain of `chain<Op::powm>` with the context and the
/// exponentiation spread over the tile.
template <std::size_t Bits, unsigned G>
__global__ __launch_bounds__(block_threads) void compute_powm_lanes(const BigUInt<Bits>* a, const BigUInt<Bits>* b,
                                                                    const BigUInt<512>* e, BigUInt<Bits>* out,
                                                                    std::size_t n, int loops) {
  const auto tile = cg::tiled_partition<G>(cg::this_thread_block());
  const std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G;
  if (i >= n) return;  // whole tiles leave together
  auto x = warp::load(tile, a[i]);
  const auto m = warp::load(tile, as_modulus(b[i]));
  for (int l = 0; l < loops; ++l) {
    const warp::Montgomery<Bits, G> ctx(tile, m);
    x = ctx.powm(tile, x, e[i]);
  }
  warp::store(tile, out[i], x);
}

/// Registers the compute-mode case of one operation at one width: one thread a number (G = 0), or for powm G
/// lanes a number (warp::Montgomery, strategy "montG").
template <Op O, std::size_t Bits, unsigned G = 0> void add_case() {
  static_assert(G == 0 || O == Op::powm, "warpnum-bench: lane groups for powm only");
  using T = BigUInt<Bits>;
  Case c;
  c.op = op_name(O);
  constexpr int per_sm = G == 0 ? resident_blocks_per_sm(O, Bits) : 0;
  c.strategy = G != 0        ? "mont" + std::to_string(G)
               : per_sm == 0 ? std::string("thread")
                             : "thread-" + std::to_string(4 * per_sm) + "w";
  c.bits = static_cast<int>(Bits);
  c.lanes = G == 0 ? 1 : G;
  c.reference = cgbn_h100(O, c.bits);
  c.compute = [](const Params& p) {
    const std::size_t n = p.instances;
    const int loops = op_loops(O, Bits);
    DeviceBuffer<T> d_a(n, 11);
    DeviceBuffer<T> d_b(n, 12);
    DeviceBuffer<BigUInt<512>> d_e(n, 13);
    DeviceBuffer<T> d_out(n);
    Measurement m;
    m.seconds = time_runs(p.runs, [&] {
      if constexpr (G == 0) {
        unsigned blocks = blocks_for(n, 1, block_threads);
        if constexpr (per_sm > 0) blocks = std::min(blocks, static_cast<unsigned>(per_sm * sm_count()));
        compute_kernel<O, Bits><<<blocks, block_threads>>>(d_a.get(), d_b.get(), d_e.get(), d_out.get(), n, loops);
      } else {
        compute_powm_lanes<Bits, G><<<blocks_for(n, G, block_threads), block_threads>>>(d_a.get(), d_b.get(), d_e.get(),
                                                                                         d_out.get(), n, loops);
      }
    });
    m.ops = static_cast<double>(n) * loops;
    spot_check(m, d_out, [&](std::size_t i) {
      return chain<O, Bits>(operand<T>(11, i), operand<T>(12, i), operand<BigUInt<512>>(13, i), loops);
    });
    return m;
  };
  registry().push_back(std::move(c));
}

/// Batch mode: elements per run of full-exponent modexp, a tenth of a second to a second of work at the H100's
/// rate, and at 4096 bits enough lane groups to fill the GPU once.
constexpr std::size_t modexp_batch(std::size_t bits) {
  return bits <= 1024 ? std::size_t{1} << 18 : bits <= 2048 ? std::size_t{1} << 15 : std::size_t{1} << 14;
}

/// The batch-mode case "powm": out[i] = a[i]^e[i] mod m, Bits-bit exponents, one odd Bits-bit modulus, by powm_n;
/// ConstantTime: the case "powm_ct", the same elements in constant time, by ct::powm_n where Lanes is its choice
/// (batch::detail::ct_powm_lanes), else by its kernels with Lanes lanes an element (one thread: ct::Montgomery;
/// more: warp::ct::Montgomery).
template <std::size_t Bits, bool ConstantTime = false,
          unsigned Lanes = ConstantTime ? batch::detail::ct_powm_lanes<Bits>() : batch::detail::powm_lanes<Bits>()>
void add_modexp_batch() {
  using T = BigUInt<Bits>;
  Case c;
  c.op = ConstantTime ? std::string("powm_ct") : op_name(Op::powm);
  c.strategy = Lanes == 1 ? std::string("thread") : "mont" + std::to_string(Lanes);
  c.bits = static_cast<int>(Bits);
  c.lanes = Lanes;
  c.batch = [](const Params& p) {
    const std::size_t n = std::min(modexp_batch(Bits), p.batch);
    DeviceBuffer<T> d_a(n, 21);
    DeviceBuffer<T> d_e(n, 22);
    DeviceBuffer<T> d_out(n);
    const T m = as_modulus(operand<T>(23, 0));
    Measurement r;
    r.seconds = time_runs(p.runs, [&] {
      if constexpr (!ConstantTime) {
        powm_n(d_a.get(), d_e.get(), m, d_out.get(), n);
      } else if constexpr (Lanes == batch::detail::ct_powm_lanes<Bits>()) {
        ct::powm_n(d_a.get(), d_e.get(), m, d_out.get(), n);
      } else {
        const batch::kernel::ExponentArray<Bits> exp{d_e.get()};
        const ct::Montgomery<Bits> ctx(m);
        const unsigned blocks = batch::detail::powm_blocks(n, Lanes);
        if constexpr (Lanes == 1) {
          batch::kernel::powm_shared_modulus<<<blocks, batch::detail::powm_block_threads>>>(ctx, d_a.get(), exp,
                                                                                            d_out.get(), n);
        } else {
          batch::kernel::powm_shared_modulus_lanes<Lanes, warp::ct::Montgomery<Bits, Lanes>>
              <<<blocks, batch::detail::powm_block_threads>>>(ctx, d_a.get(), exp, d_out.get(), n);
        }
      }
    });
    r.ops = static_cast<double>(n);
    r.bytes = static_cast<double>(n) * 3 * sizeof(T);
    spot_check(r, d_out, [&](std::size_t i) { return powm(operand<T>(21, i), operand<T>(22, i), m); });
    return r;
  };
  registry().push_back(std::move(c));
}

/// The batch-mode case "powm" over a device list (batch/powm_devices.hpp): the same elements as add_modexp_batch's,
/// split into one shard an entry of the list, each shard on a stream of its own. On one GPU, {0, 0} measures what
/// the split and the streams cost against the plain call; on a machine of several GPUs, all() the scaling.
template <std::size_t Bits> void add_modexp_devices(bool all) {
  using T = BigUInt<Bits>;
  Case c;
  c.op = op_name(Op::powm);
  c.strategy = all ? std::string("devices-all") : std::string("devices-0-0");
  c.bits = static_cast<int>(Bits);
  c.lanes = batch::detail::powm_lanes<Bits>();
  c.batch = [all](const Params& p) {
    const std::size_t n = std::min(modexp_batch(Bits), p.batch);
    DeviceBuffer<T> d_a(n, 21);
    DeviceBuffer<T> d_e(n, 22);
    DeviceBuffer<T> d_out(n);
    const T m = as_modulus(operand<T>(23, 0));
    const devices ds = all ? devices::all() : devices{0, 0};
    Measurement r;
    r.seconds = time_runs(p.runs, [&] { powm_n(ds, d_a.get(), d_e.get(), m, d_out.get(), n); });
    r.ops = static_cast<double>(n);
    r.bytes = static_cast<double>(n) * 3 * sizeof(T);
    spot_check(r, d_out, [&](std::size_t i) { return powm(operand<T>(21, i), operand<T>(22, i), m); });
    return r;
  };
  registry().push_back(std::move(c));
}

template <std::size_t Bits> void add_width() {
  if constexpr (Bits <= 2048) add_case<Op::powm, Bits>();
  // Lane groups from 1024 bits, up to 32 limbs a lane.
  if constexpr (Bits >= 1024 && Bits <= 2048) add_case<Op::powm, Bits, 2>();
  if constexpr (Bits >= 1024) add_case<Op::powm, Bits, 4>();
  if constexpr (Bits >= 2048) add_case<Op::powm, Bits, 8>();
  if constexpr (Bits >= 4096) add_case<Op::powm, Bits, 16>();
  add_case<Op::div_qr, Bits>();
  add_case<Op::sqrt, Bits>();
  add_case<Op::gcd, Bits>();
  add_case<Op::modinv, Bits>();
}

}  // namespace

void register_modular_cases() {
  add_width<256>();
  add_width<1024>();
  add_width<2048>();
  add_width<4096>();
  add_modexp_batch<1024>();
  add_modexp_batch<2048>();
  add_modexp_batch<4096>();
  add_modexp_devices<1024>(false);
  add_modexp_devices<1024>(true);
  add_modexp_devices<2048>(false);
  add_modexp_devices<2048>(true);
  // Constant time: one thread and lane groups at 1024 and 2048 bits, to choose ct::powm_n's lanes.
  add_modexp_batch<256, true>();
  add_modexp_batch<1024, true, 1>();
  add_modexp_batch<1024, true, 2>();
  add_modexp_batch<1024, true, 4>();
  add_modexp_batch<2048, true, 1>();
  add_modexp_batch<2048, true, 2>();
  add_modexp_batch<2048, true, 4>();
  add_modexp_batch<2048, true, 8>();
  add_modexp_batch<4096, true>();
}

}  // namespace warpnum::bench
