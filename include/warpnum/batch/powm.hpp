// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/powm.hpp: modular exponentiation over arrays in device memory, one launch for all of them (the
// same as a Batch expression `powm(b, e, m)`, for data that already lives in device arrays). Needs nvcc: it
// launches kernels.
//
//   warpnum::powm_n(d_base, d_exp, m, d_out, n);          // one modulus m (a host value), an exponent each
//   warpnum::powm_n(d_base, e, m, d_out, n);              // one exponent for all
//   warpnum::powm_n(d_base, d_exp, d_mod, d_out, n);      // a modulus each (statuses optional)
//
// Every call is asynchronous on `stream` (default: the legacy default stream) and does not synchronise. One
// thread computes each element up to 1024 bits, the fastest layout there on the H100 (docs/benchmarks.md); from
// 2048 bits an odd shared modulus takes a lane group an element (warp::Montgomery), the other forms one thread.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/powm.hpp launches kernels: compile this file with nvcc (or use warpnum::powm per element)"
#endif

#include <warpnum/batch/kernel/powm.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>
#include <warpnum/warp/montgomery.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace warpnum::WARPNUM_ABI {
namespace batch::detail {

inline constexpr unsigned powm_block_threads = 128;

/// Blocks for n elements, `lanes` threads each (the kernels loop over the rest).
inline unsigned powm_blocks(std::size_t n, unsigned lanes = 1) {
  const std::size_t blocks = (n * lanes + powm_block_threads - 1) / powm_block_threads;
  return static_cast<unsigned>(blocks < 65535u * 16u ? blocks : 65535u * 16u);
}

/// Lanes an element for an odd shared modulus: one thread below 2048 bits (its products stay in registers);
/// from 2048 bits a lane group of about 16 limbs a lane (warp::Montgomery, whose compute-mode powm on the H100 was
/// fastest with 16 limbs a lane at 2048 and 4096 bits, 2026-11-25: docs/benchmarks.md): the largest power of two
/// up to Bits / 512 and 32 that splits the limbs evenly (a width whose limbs no group of 2 or more splits stays on
/// one thread).
template <std::size_t Bits> constexpr unsigned powm_lanes() {
  if constexpr (Bits < 2048) {
    return 1;
  } else {
    unsigned g = 32;
    while (g > 1 && (g > Bits / 512 || Bits % (32 * g) != 0)) g /= 2;
    return g;
  }
}

/// Throws std::runtime_error naming the call and CUDA's reason when the launch failed.
inline void check_launch(const char* what) {
  const cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    warpnum::detail::throw_error<std::runtime_error>(std::string("warpnum: ") + what +
                                                     ": kernel launch failed: " + cudaGetErrorString(err));
}

template <std::size_t Bits, class Exp>
void powm_shared(const BigUInt<Bits>* base, const Exp& exp, const BigUInt<Bits>& m, BigUInt<Bits>* out, std::size_t n,
                 cudaStream_t stream) {
  if (m.is_zero()) warpnum::detail::throw_error<std::domain_error>("warpnum: powm_n: the modulus is zero");
  if (n == 0) return;
  if (m.bit(0)) {
    constexpr unsigned lanes = powm_lanes<Bits>();
    if constexpr (lanes == 1) {
      kernel::powm_shared_modulus<<<powm_blocks(n), powm_block_threads, 0, stream>>>(Montgomery<Bits>(m), base, exp, out, n);
    } else {
      kernel::powm_shared_modulus_lanes<lanes, warp::Montgomery<Bits, lanes>>
          <<<powm_blocks(n, lanes), powm_block_threads, 0, stream>>>(Montgomery<Bits>(m), base, exp, out, n);
    }
  } else {
    kernel::powm_shared_modulus<<<powm_blocks(n), powm_block_threads, 0, stream>>>(Barrett<Bits>(m), base, exp, out, n);
  }
  check_launch("powm_n");
}

}  // namespace batch::detail

/// out[i] = base[i]^exp[i] mod m for i < n: base, exp and out in device memory, one modulus m (odd: Montgomery,
/// even: Barrett; base[i] >= m allowed). m == 0: std::domain_error before any launch. out may alias base.
template <std::size_t Bits, std::size_t EBits>
void powm_n(const BigUInt<Bits>* base, const BigUInt<EBits>* exp, const BigUInt<Bits>& m, BigUInt<Bits>* out, std::size_t n,
            cudaStream_t stream = nullptr) {
  batch::detail::powm_shared(base, batch::kernel::ExponentArray<EBits>{exp}, m, out, n, stream);
}

/// out[i] = base[i]^e mod m for i < n: one exponent (a host value) for every element.
template <std::size_t Bits, std::size_t EBits>
void powm_n(const BigUInt<Bits>* base, const BigUInt<EBits>& e, const BigUInt<Bits>& m, BigUInt<Bits>* out, std::size_t n,
            cudaStream_t stream = nullptr) {
  batch::detail::powm_shared(base, batch::kernel::ExponentValue<EBits>{e}, m, out, n, stream);
}

/// out[i] = base[i]^exp[i] mod m[i] for i < n, every array in device memory. A zero m[i] gives out[i] = 0 and,
/// when `status` is not null, status[i] = Status::division_by_zero (else Status::ok).
template <std::size_t Bits, std::size_t EBits>
void powm_n(const BigUInt<Bits>* base, const BigUInt<EBits>* exp, const BigUInt<Bits>* m, BigUInt<Bits>* out, std::size_t n,
            Status* status = nullptr, cudaStream_t stream = nullptr) {
  if (n == 0) return;
  batch::kernel::powm_per_modulus<<<batch::detail::powm_blocks(n), batch::detail::powm_block_threads, 0, stream>>>(
      base, batch::kernel::ExponentArray<EBits>{exp}, m, out, status, n);
  batch::detail::check_launch("powm_n");
}

}  // namespace warpnum::WARPNUM_ABI
