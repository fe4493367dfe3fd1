// SPDX-License-Identifier: Apache-2.0
// tests/compiler/f5_multi_powm_count.cu: reproducer of nvcc fault F5, multi_powm_checked called with a constant count.
//
// Two kernels call multi_powm_checked<256, 256>(g, e, count, m) over three bases and exponents copied into local
// arrays, through one out-of-line function (as in a translation unit where many kernels call it and NVVM keeps it
// out of line): Const3 with the count 3 written in the call, Loaded with the count read from the input (also 3).
// The PTX has the function once, with the count a parameter; the two calls differ only in the .param value:
// `st.param.b32 [param2+0], 3;` against a register.
// The library's chunk loop no longer has the fault's shape (include/warpnum/detail/modular/straus_pow.hpp, detail::multi_pow): this
// file carries a copy of the earlier loop, k = min(count - first, 32), and uses it unless
// -DWARPNUM_REPRO_KEEP_WORKAROUND (the control: the library's multi_powm_checked). It prints Loaded's result line,
// then Const3's (the fault form's line).
// Result (H200, driver 580.159.04, 2026-11-28): REPRODUCED with nvcc 13.0.88 and 13.5.37: Const3 64 of 64 wrong
// (value 0), with ptxas -O1 too and with stack colouring off; right with ptxas -O0, with -Xcicc -O1, with the
// library's loop (-kept), and Loaded right in every form. Probed per iteration (tests/compiler/ptx_probe.py), the
// chunk length k is 0xfffffffd on the GPU where the PTX has 3: ptxas's VIADDMNMX R27, R44, 0xfffffffd, R27 computes
// min(first - 3, 32) (docs/compiler-faults.md, F5); only the first base goes into the product.
// build-form: ptxas-O0 -Xptxas -O0
// build-form: ptxas-O1 -Xptxas -O1
// build-form: nosc -Xcicc=--Xllc,-no-stack-coloring
#include <warpnum/modular.hpp>

#include "repro.hpp"

namespace {
constexpr std::size_t bits = 256;
using T = warpnum::BigUInt<bits>;
struct In {
  T g[3], e[3], m;
  int count;  // 3
  std::uint32_t unused;
};
struct Out {
  T value;
  std::uint32_t status, unused[3];  // no padding: results are compared byte for byte
};
#ifndef WARPNUM_REPRO_KEEP_WORKAROUND
// detail::multi_pow as it was: the chunk length min(count - first, 32).
template <class Ctx, class ToForm>
WARPNUM_HD T multi_pow_earlier(const Ctx& ctx, const ToForm& to_form, const T* g, const T* e, int count) {
  constexpr int chunk = 32;
  T acc = ctx.one();
  for (int first = 0; first < count; first += chunk) {
    const int k = count - first < chunk ? count - first : chunk;
    T bases[chunk];
    for (int i = 0; i < k; ++i) bases[i] = to_form(g[first + i]);
    acc = ctx.mul(acc, warpnum::detail::straus_pow(ctx, bases, e + first, k));
  }
  return acc;
}
// multi_powm_checked's odd-modulus path (the inputs' moduli are odd) over that loop.
WARPNUM_HD warpnum::ModResult<T> multi_powm_earlier(const T* g, const T* e, int count, const T& m) {
  const auto ctx = warpnum::Montgomery<bits>::checked(m);
  const auto to_form = [&](const T& x) { return ctx.to_montgomery(x); };
  return {ctx.from_montgomery(multi_pow_earlier(ctx, to_form, g, e, count)), warpnum::Status::ok};
}
#endif
__device__ __noinline__ warpnum::ModResult<T> multi_powm_out_of_line(const T* g, const T* e, int count, const T& m) {
#ifdef WARPNUM_REPRO_KEEP_WORKAROUND
  return warpnum::multi_powm_checked(g, e, count, m);
#else
  return multi_powm_earlier(g, e, count, m);
#endif
}
WARPNUM_HD warpnum::ModResult<T> call_multi_powm(const T* g, const T* e, int count, const T& m) {
  WARPNUM_IF_ELSE_DEVICE((return multi_powm_out_of_line(g, e, count, m);), (return warpnum::multi_powm_checked(g, e, count, m);))
}
template <bool Constant> struct MultiPowm {
  WARPNUM_HD Out operator()(const In& in) const {
    T g[3], e[3];
    for (int i = 0; i < 3; ++i) {
      g[i] = in.g[i];
      e[i] = in.e[i];
    }
    const auto r = call_multi_powm(g, e, Constant ? 3 : in.count, in.m);
    return {r.value, static_cast<std::uint32_t>(r.status), {0, 0, 0}};
  }
};
}  // namespace

int main() {
  std::uint64_t state = 0x5eed'f5f5ull;
  std::vector<In> in;
  for (int i = 0; i < 64; ++i) {
    In x{};
    for (int k = 0; k < 3; ++k) {
      x.g[k] = warpnum::repro::random<bits>(state);
      x.e[k] = warpnum::repro::random<bits>(state);
    }
    x.m = warpnum::repro::random<bits>(state);
    x.m.limbs_[0] |= 1u;  // odd: the Montgomery path
    x.count = 3;
    in.push_back(x);
  }
  const int loaded = warpnum::repro::check<MultiPowm<false>>("f5_multi_powm_count(loaded)", in);
  const int constant = warpnum::repro::check<MultiPowm<true>>("f5_multi_powm_count", in);
  return loaded == 2 || constant == 2 ? 2 : loaded || constant ? 1 : 0;
}
