// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/ops/functions.hpp: what each node of a batch expression does to one element. Every operation is
// a function object called as op(sink, x...) in host and device code; operations that can fail on an element
// give the defined result of docs/errors.md and raise their Status into the sink instead of throwing, so that
// the host's OpenMP evaluation and the GPU's agree bit for bit.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/ops/sink.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace warpnum::WARPNUM_ABI::batch::ops {

namespace detail {
template <class T> concept has_inverse_checked = requires(const T& x) {
  { inverse_checked(x).value } -> std::convertible_to<T>;
  { x.is_zero() } -> std::convertible_to<bool>;
};
}  // namespace detail

#define WARPNUM_BATCH_BINARY(name, expr)                                                       \
  struct name {                                                                                \
    template <class A, class B> WARPNUM_HD auto operator()(const ErrorSink&, const A& a, const B& b) const { \
      return expr;                                                                             \
    }                                                                                          \
  };
WARPNUM_BATCH_BINARY(plus, a + b)
WARPNUM_BATCH_BINARY(minus, a - b)
WARPNUM_BATCH_BINARY(multiplies, a * b)
WARPNUM_BATCH_BINARY(bit_and, a & b)
WARPNUM_BATCH_BINARY(bit_or, a | b)
WARPNUM_BATCH_BINARY(bit_xor, a ^ b)
WARPNUM_BATCH_BINARY(shift_left, a << b)
WARPNUM_BATCH_BINARY(shift_right, a >> b)
WARPNUM_BATCH_BINARY(equal_to, static_cast<bool>(a == b))
WARPNUM_BATCH_BINARY(not_equal_to, static_cast<bool>(a != b))
WARPNUM_BATCH_BINARY(less, static_cast<bool>(a < b))
WARPNUM_BATCH_BINARY(less_equal, static_cast<bool>(a <= b))
WARPNUM_BATCH_BINARY(greater, static_cast<bool>(a > b))
WARPNUM_BATCH_BINARY(greater_equal, static_cast<bool>(a >= b))
WARPNUM_BATCH_BINARY(minimum, b < a ? b : a)
WARPNUM_BATCH_BINARY(maximum, a < b ? b : a)
WARPNUM_BATCH_BINARY(mul_wide, warpnum::mul_wide(a, b))
#undef WARPNUM_BATCH_BINARY

struct negate {
  template <class A> WARPNUM_HD auto operator()(const ErrorSink&, const A& a) const { return -a; }
};
struct bit_not {
  template <class A> WARPNUM_HD auto operator()(const ErrorSink&, const A& a) const { return ~a; }
};
struct square {
  template <class A> WARPNUM_HD auto operator()(const ErrorSink&, const A& a) const {
    if constexpr (warpnum::detail::is_basic_int<A>) {
      return warpnum::sqr(a);
    } else {
      return a * a;
    }
  }
};
/// cond ? a : b, element by element.
struct select {
  template <class C, class A, class B>
  WARPNUM_HD std::common_type_t<A, B> operator()(const ErrorSink&, const C& c, const A& a, const B& b) const {
    return static_cast<bool>(c) ? std::common_type_t<A, B>(a) : std::common_type_t<A, B>(b);
  }
};
/// An explicit conversion to U (narrowing, widening, signedness), element by element.
template <class U> struct convert {
  template <class A> WARPNUM_HD U operator()(const ErrorSink&, const A& a) const { return U(a); }
};

/// a / b: integers by divmod_checked (b == 0: every bit set, Status::division_by_zero); fields by the checked
/// inverse (b == 0: 0 and Status::division_by_zero, a zero divisor, though inverse_checked(0) itself reports
/// not_invertible; an Fp b without an inverse: 0 and Status::not_invertible); anything else by its operator/.
struct divides {
  template <class A, class B> WARPNUM_HD auto operator()(const ErrorSink& sink, const A& a, const B& b) const {
    if constexpr (warpnum::detail::is_basic_int<A> && std::is_same_v<A, B>) {
      const auto r = divmod_checked(a, b);
      sink.raise(r.status);
      return r.quot;
    } else if constexpr (std::is_same_v<A, B> && detail::has_inverse_checked<B>) {
      const auto r = inverse_checked(b);
      sink.raise(b.is_zero() ? Status::division_by_zero : r.status);
      return A(a * r.value);
    } else {
      return a / b;
    }
  }
};
/// a % b for integers: b == 0 gives a and Status::division_by_zero.
struct modulus {
  template <class A, class B> WARPNUM_HD auto operator()(const ErrorSink& sink, const A& a, const B& b) const {
    if constexpr (warpnum::detail::is_basic_int<A> && std::is_same_v<A, B>) {
      const auto r = divmod_checked(a, b);
      sink.raise(r.status);
      return r.rem;
    } else {
      return a % b;
    }
  }
};

/// An exponent element as the unsigned BigUInt powm takes: a BigInt or BigUInt of its width, a built-in as 64 bits.
template <class E> WARPNUM_HD constexpr auto exponent(const E& e) noexcept {
  if constexpr (warpnum::detail::is_basic_int<E>) {
    return BigUInt<E::bits>(e);
  } else {
    return BigUInt<64>(static_cast<std::uint64_t>(e));
  }
}

/// a^e mod m, with one modulus context (Montgomery<Bits> for an odd m, Barrett<Bits> for an even one) built on
/// the host and copied into every thread.
template <class Ctx> struct powm_shared {
  Ctx ctx;
  template <class A, class E> WARPNUM_HD auto operator()(const ErrorSink&, const A& a, const E& e) const {
    return ctx.powm(a, exponent(e));
  }
};
/// a^e mod m for one modulus of either parity: the Montgomery context for an odd m, Barrett's for an even one
/// (the other left zero); the branch is the same for every element.
template <std::size_t Bits> struct powm_modulus {
  Montgomery<Bits> mont;
  Barrett<Bits> barrett;
  bool odd;
  template <class E> WARPNUM_HD BigUInt<Bits> operator()(const ErrorSink& sink, const BigUInt<Bits>& a, const E& e) const {
    return odd ? powm_shared<Montgomery<Bits>>{mont}(sink, a, e) : powm_shared<Barrett<Bits>>{barrett}(sink, a, e);
  }
};
/// a^e mod m with a modulus an element: m == 0 gives 0 and Status::division_by_zero.
struct powm_each {
  template <std::size_t Bits, class E>
  WARPNUM_HD BigUInt<Bits> operator()(const ErrorSink& sink, const BigUInt<Bits>& a, const E& e, const BigUInt<Bits>& m) const {
    const Checked<BigUInt<Bits>> r = powm_checked(a, exponent(e), m);
    sink.raise(r.status);
    return r.value;
  }
};

/// The context's operations, element by element (the context built once on the host): for Montgomery<Bits> the
/// Montgomery forms (mul: a b R^-1 mod m), for Barrett<Bits> plain residues (mul: a b mod m).
template <class Ctx> struct mul_mod {
  Ctx ctx;
  template <class A> WARPNUM_HD A operator()(const ErrorSink&, const A& a, const A& b) const { return ctx.mul(a, b); }
};
template <class Ctx> struct add_mod {
  Ctx ctx;
  template <class A> WARPNUM_HD A operator()(const ErrorSink&, const A& a, const A& b) const { return ctx.add(a, b); }
};
template <class Ctx> struct sub_mod {
  Ctx ctx;
  template <class A> WARPNUM_HD A operator()(const ErrorSink&, const A& a, const A& b) const { return ctx.sub(a, b); }
};
template <class Ctx> struct to_montgomery {
  Ctx ctx;
  template <class A> WARPNUM_HD A operator()(const ErrorSink&, const A& a) const { return ctx.to_montgomery(a); }
};
template <class Ctx> struct from_montgomery {
  Ctx ctx;
  template <class A> WARPNUM_HD A operator()(const ErrorSink&, const A& a) const { return ctx.from_montgomery(a); }
};

}  // namespace warpnum::WARPNUM_ABI::batch::ops

namespace warpnum::WARPNUM_ABI::batch {
template <> inline constexpr bool heavy_op<ops::multiplies> = true;
template <> inline constexpr bool heavy_op<ops::mul_wide> = true;
template <> inline constexpr bool heavy_op<ops::square> = true;
template <> inline constexpr bool heavy_op<ops::divides> = true;
template <> inline constexpr bool heavy_op<ops::modulus> = true;
template <> inline constexpr bool heavy_op<ops::powm_each> = true;
template <std::size_t Bits> inline constexpr bool heavy_op<ops::powm_modulus<Bits>> = true;
template <class Ctx> inline constexpr bool heavy_op<ops::powm_shared<Ctx>> = true;
template <class Ctx> inline constexpr bool heavy_op<ops::mul_mod<Ctx>> = true;
template <class Ctx> inline constexpr bool heavy_op<ops::to_montgomery<Ctx>> = true;
template <class Ctx> inline constexpr bool heavy_op<ops::from_montgomery<Ctx>> = true;
}  // namespace warpnum::WARPNUM_ABI::batch
