// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/ct/powm.hpp: modular exponentiation with secret exponents over arrays in device memory, in constant
// time (docs/security.md): the form of warpnum::powm_n (batch/powm.hpp) for RSA and other private-key operations.
// Needs nvcc: it launches kernels.
//
//   warpnum::ct::powm_n(d_base, d_exp, m, d_out, n);   // one odd modulus m (a host value), an exponent each
//   warpnum::ct::powm_n(d_base, d, m, d_out, n);       // one exponent (a private key) for all
//
// Each element takes the same instructions and memory accesses whatever its base and exponent, and whatever the
// modulus: fixed windows over every bit of the exponent's type, each table entry read by a scan of the table, the
// products' final subtractions chosen by masks, the context built on the host without a division
// (ct::Montgomery). One thread an element below 1024 bits (ct::Montgomery), a lane group from 1024 bits
// (warp::ct::Montgomery, 8 limbs a lane, up to 8 lanes). Asynchronous on `stream`, like powm_n.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/ct/powm.hpp launches kernels: compile it with nvcc (or use warpnum::ct::powm per element)"
#endif

#include <warpnum/batch/kernel/powm.hpp>
#include <warpnum/batch/powm.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/ct/montgomery.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>
#include <warpnum/warp/ct/montgomery.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>

namespace warpnum::WARPNUM_ABI::batch::detail {

/// Lanes an element of ct::powm_n: one thread below 1024 bits; from 1024 bits a lane group of 8 limbs a lane, at
/// most 8 lanes: the largest power of two up to Bits / 256 and 8 that splits the limbs evenly. On the H100
/// (2026-12-05, docs/security.md) 4 lanes at 1024 bits ran 1.2 times one thread (whose table scan reads 16 entries
/// of 32 limbs from local memory each window), 8 lanes at 2048 bits 1.02 times 4 and 1.2 times 2.
template <std::size_t Bits> constexpr unsigned ct_powm_lanes() {
  if (Bits < 1024) return 1;
  unsigned g = 8;
  while (g > 1 && (g > Bits / 256 || Bits % (32 * g) != 0)) g /= 2;
  return g;
}

template <std::size_t Bits, class Exp>
void ct_powm_shared(const BigUInt<Bits>* base, const Exp& exp, const BigUInt<Bits>& m, BigUInt<Bits>* out,
                    std::size_t n, cudaStream_t stream) {
  const auto ctx = warpnum::ct::Montgomery<Bits>::checked(m);  // the modulus may be secret: no division
  if (ctx.status() != Status::ok)
    warpnum::detail::throw_error<std::domain_error>(
        "warpnum: ct::powm_n needs an odd modulus (for an even one, take the CRT over its odd part and a power of 2)");
  if (n == 0) return;
  constexpr unsigned lanes = ct_powm_lanes<Bits>();
  if constexpr (lanes == 1) {
    kernel::powm_shared_modulus<<<powm_blocks(n), powm_block_threads, 0, stream>>>(ctx, base, exp, out, n);
  } else {
    kernel::powm_shared_modulus_lanes<lanes, warp::ct::Montgomery<Bits, lanes>>
        <<<powm_blocks(n, lanes), powm_block_threads, 0, stream>>>(ctx, base, exp, out, n);
  }
  check_launch("ct::powm_n");
}

}  // namespace warpnum::WARPNUM_ABI::batch::detail

namespace warpnum::ct::WARPNUM_ABI {

/// out[i] = base[i]^exp[i] mod m for i < n, in constant time (exp[i], base[i] and m secret): base, exp and out in
/// device memory, one odd modulus m (base[i] >= m allowed). An even or zero m: std::domain_error before any launch.
/// out may alias base.
template <std::size_t Bits, std::size_t EBits>
void powm_n(const BigUInt<Bits>* base, const BigUInt<EBits>* exp, const BigUInt<Bits>& m, BigUInt<Bits>* out,
            std::size_t n, cudaStream_t stream = nullptr) {
  warpnum::batch::detail::ct_powm_shared(base, warpnum::batch::kernel::ExponentArray<EBits>{exp}, m, out, n, stream);
}

/// out[i] = base[i]^e mod m for i < n, in constant time: one secret exponent (a host value) for every element.
template <std::size_t Bits, std::size_t EBits>
void powm_n(const BigUInt<Bits>* base, const BigUInt<EBits>& e, const BigUInt<Bits>& m, BigUInt<Bits>* out,
            std::size_t n, cudaStream_t stream = nullptr) {
  warpnum::batch::detail::ct_powm_shared(base, warpnum::batch::kernel::ExponentValue<EBits>{e}, m, out, n, stream);
}

}  // namespace warpnum::ct::WARPNUM_ABI
