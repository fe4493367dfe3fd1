// SPDX-License-Identifier: Apache-2.0
// warpnum/functional.hpp: function objects for host and device code, in the shape of the standard's and Thrust's
// (std::plus<void>, thrust::plus<>): arithmetic, bitwise and comparison objects over any warpnum value type, and
// modular ones (powm_fn, multiplies_mod, plus_mod) that carry their modulus' context by value.
//
// Division by zero (divides, modulus): on the device the result is divmod_checked's value (quotient with every
// bit set, remainder the dividend; docs/errors.md); on the host the call throws std::domain_error, as `a / b`
// does. Under Thrust's OMP system an exception that leaves a parallel region ends the program (std::terminate);
// under its CPP system it reaches the caller.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

namespace warpnum {

// ---- arithmetic ---------------------------------------------------------------------------------------------
// Each object is transparent (templated operator(), `is_transparent`), trivially copyable and empty, so it can be
// passed to kernels and Thrust algorithms by value. The operand types need the operator the object names; for
// BigUInt and BigInt every one of them is host and device code.

/// a + b.
struct plus {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr auto operator()(const A& a, const B& b) const noexcept(noexcept(a + b)) -> decltype(a + b) {
    return a + b;
  }
};

/// a - b.
struct minus {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr auto operator()(const A& a, const B& b) const noexcept(noexcept(a - b)) -> decltype(a - b) {
    return a - b;
  }
};

/// a * b (for BigUInt and BigInt the product modulo 2^Bits).
struct multiplies {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr auto operator()(const A& a, const B& b) const noexcept(noexcept(a * b)) -> decltype(a * b) {
    return a * b;
  }
};

/// a / b, truncated toward zero. b == 0 with a BigUInt or BigInt result: std::domain_error on the host; on the
/// device every bit set (-1 for BigInt), divmod_checked's quotient. Other types: whatever their `/` does (GF2n
/// and Fp: std::domain_error on the host, 0 on the device).
struct divides {
  using is_transparent = void;
  template <class A, class B> WARPNUM_HD constexpr auto operator()(const A& a, const B& b) const -> decltype(a / b) {
    using R = decltype(a / b);
    if constexpr (detail::is_basic_int<R>) {
      WARPNUM_IF_ELSE_DEVICE((return divmod_checked(R(a), R(b)).quot;), (return a / b;))
    } else {
      return a / b;
    }
  }
};

/// a % b, with the sign of the dividend. b == 0 with a BigUInt or BigInt result: std::domain_error on the host;
/// on the device the dividend a, divmod_checked's remainder.
struct modulus {
  using is_transparent = void;
  template <class A, class B> WARPNUM_HD constexpr auto operator()(const A& a, const B& b) const -> decltype(a % b) {
    using R = decltype(a % b);
    if constexpr (detail::is_basic_int<R>) {
      WARPNUM_IF_ELSE_DEVICE((return divmod_checked(R(a), R(b)).rem;), (return a % b;))
    } else {
      return a % b;
    }
  }
};

/// -a (for BigUInt: 2^Bits - a).
struct negate {
  using is_transparent = void;
  template <class A> WARPNUM_HD constexpr auto operator()(const A& a) const noexcept(noexcept(-a)) -> decltype(-a) {
    return -a;
  }
};

// ---- bitwise ------------------------------------------------------------------------------------------------

/// a & b.
struct bit_and {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr auto operator()(const A& a, const B& b) const noexcept(noexcept(a & b)) -> decltype(a & b) {
    return a & b;
  }
};

/// a | b.
struct bit_or {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr auto operator()(const A& a, const B& b) const noexcept(noexcept(a | b)) -> decltype(a | b) {
    return a | b;
  }
};

/// a ^ b.
struct bit_xor {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr auto operator()(const A& a, const B& b) const noexcept(noexcept(a ^ b)) -> decltype(a ^ b) {
    return a ^ b;
  }
};

// ---- comparisons --------------------------------------------------------------------------------------------
// Through the named operators (`<`, `==`), which are host and device code; `<=>` is host only (docs/architecture.md).

/// a < b: a strict weak order for sorting (signed order for BigInt, unsigned for BigUInt).
struct less {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr bool operator()(const A& a, const B& b) const noexcept(noexcept(a < b)) {
    return a < b;
  }
};

/// a > b (sorting in descending order).
struct greater {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr bool operator()(const A& a, const B& b) const noexcept(noexcept(a > b)) {
    return a > b;
  }
};

/// a == b.
struct equal_to {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr bool operator()(const A& a, const B& b) const noexcept(noexcept(a == b)) {
    return a == b;
  }
};

/// The smaller of a and b by `<`; a when they are equal (as std::min).
struct minimum {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr std::common_type_t<A, B> operator()(const A& a, const B& b) const noexcept(noexcept(b < a)) {
    return b < a ? std::common_type_t<A, B>(b) : std::common_type_t<A, B>(a);
  }
};

/// The larger of a and b by `<`; a when they are equal (as std::max).
struct maximum {
  using is_transparent = void;
  template <class A, class B>
  WARPNUM_HD constexpr std::common_type_t<A, B> operator()(const A& a, const B& b) const noexcept(noexcept(a < b)) {
    return a < b ? std::common_type_t<A, B>(b) : std::common_type_t<A, B>(a);
  }
};

// ---- modular ------------------------------------------------------------------------------------------------

namespace detail {

/// A modulus' context, chosen as powm chooses it: Montgomery for an odd m, Barrett for an even one. A zero m
/// gives the Montgomery context modulo 1 (every result 0, as powm's device result) and status
/// Status::division_by_zero. Trivially copyable: one of the two contexts, in a union, and which one.
template <std::size_t Bits> class ModContext {
 public:
  using value_type = BigUInt<Bits>;

  static WARPNUM_HD constexpr ModContext make(const value_type& m) noexcept {
    if (m.is_zero()) return ModContext(Montgomery<Bits>::checked(m), Status::division_by_zero);
    if (m.bit(0)) return ModContext(Montgomery<Bits>::checked(m), Status::ok);
    return ModContext(Barrett<Bits>::checked(m), Status::ok);
  }

  /// The modulus (1 when it was zero).
  WARPNUM_HD constexpr const value_type& modulus() const noexcept { return odd_ ? mont_.modulus() : barrett_.modulus(); }
  WARPNUM_HD constexpr Status status() const noexcept { return status_; }

  /// x mod m for any x: x itself when below m; else for an odd m (x R) R^-1 (two Montgomery products), for an
  /// even one a Barrett reduction.
  WARPNUM_HD constexpr value_type reduce(const value_type& x) const noexcept {
    if (odd_) return x < mont_.modulus() ? x : mont_.from_montgomery(mont_.to_montgomery(x));
    return x < barrett_.modulus() ? x : barrett_.reduce(x);
  }
  /// a b mod m for any a, b. Odd m: (a R mod m) b R^-1, two Montgomery products; a R mod m < m and b < R keep
  /// the product below m R, as Montgomery::mul needs. Even m: Barrett on the reduced operands.
  WARPNUM_HD constexpr value_type mul(const value_type& a, const value_type& b) const noexcept {
    if (odd_) return mont_.mul(mont_.to_montgomery(a), b);
    return barrett_.mul(reduce(a), reduce(b));
  }
  /// (a + b) mod m for any a, b.
  WARPNUM_HD constexpr value_type add(const value_type& a, const value_type& b) const noexcept {
    return detail::add_mod(reduce(a), reduce(b), modulus());
  }
  /// a^e mod m for any a (what powm computes).
  template <std::size_t EBits> WARPNUM_HD constexpr value_type powm(const value_type& a, const BigUInt<EBits>& e) const noexcept {
    return odd_ ? mont_.powm(a, e) : barrett_.powm(a, e);
  }

 private:
  WARPNUM_HD constexpr ModContext(const Montgomery<Bits>& c, Status status) noexcept : mont_(c), odd_(true), status_(status) {}
  WARPNUM_HD constexpr ModContext(const Barrett<Bits>& c, Status status) noexcept
      : barrett_(c), odd_(false), status_(status) {}

  union {
    Montgomery<Bits> mont_;  // odd_ (and a zero modulus)
    Barrett<Bits> barrett_;  // !odd_
  };
  bool odd_;
  Status status_;
};

#if WARPNUM_HAS_CUDA
// The modular objects' arithmetic on the device, out of line: one copy a kernel. CUB's reductions and scans inline
// their operation at every step of their trees, in a kernel for each offset type: thrust::reduce with plus_mod<256>
// inline took 435 s of ptxas (six kernels of 2.3 KB stack frames each, nvcc 13.0, sm_90).
template <std::size_t Bits>
__device__ __noinline__ BigUInt<Bits> mod_mul_device(const ModContext<Bits>& c, const BigUInt<Bits>& a, const BigUInt<Bits>& b) {
  return c.mul(a, b);
}
template <std::size_t Bits>
__device__ __noinline__ BigUInt<Bits> mod_add_device(const ModContext<Bits>& c, const BigUInt<Bits>& a, const BigUInt<Bits>& b) {
  return c.add(a, b);
}
template <std::size_t Bits, std::size_t EBits>
__device__ __noinline__ BigUInt<Bits> mod_pow_device(const ModContext<Bits>& c, const BigUInt<Bits>& a, const BigUInt<EBits>& e) {
  return c.powm(a, e);
}
#endif

}  // namespace detail

/// a^e mod m for a fixed modulus m: the context (Montgomery for an odd m, Barrett for an even one, as powm
/// chooses) is built once, by the constructor, and travels with the object by value into kernels and Thrust
/// algorithms. `Bits`: the width of the base, the modulus and the result (a multiple of 32).
///
/// m == 0: the constructor throws std::domain_error on the host; built in device code, or by `checked`, the
/// object's status() is Status::division_by_zero and every result is 0 (powm's device result).
template <std::size_t Bits> class powm_fn {
 public:
  using value_type = BigUInt<Bits>;

  /// The function for modulus m. Host: std::domain_error for m == 0.
  WARPNUM_HD constexpr explicit powm_fn(const value_type& m) : powm_fn(checked(m)) {
    if (context_.status() != Status::ok) detail::raise<std::domain_error>("warpnum: powm_fn: the modulus is zero");
  }
  /// The function for modulus m without throwing (see status()).
  static WARPNUM_HD constexpr powm_fn checked(const value_type& m) noexcept { return powm_fn(detail::ModContext<Bits>::make(m)); }

  /// The modulus (1 when it was zero).
  WARPNUM_HD constexpr const value_type& modulus() const noexcept { return context_.modulus(); }
  /// Status::division_by_zero for a zero modulus, else Status::ok.
  WARPNUM_HD constexpr Status status() const noexcept { return context_.status(); }

  /// a^e mod m, for any a (also a >= m) and an exponent of any width; a^0 = 1 mod m.
  WARPNUM_HD constexpr value_type operator()(const value_type& a, const value_type& e) const noexcept { return pow(a, e); }
  /// The same for an exponent of another width (deduced: pass a BigUInt itself, not a proxy such as
  /// thrust::device_reference, for which the overload above takes exponents of Bits bits).
  template <std::size_t EBits>
  WARPNUM_HD constexpr value_type operator()(const value_type& a, const BigUInt<EBits>& e) const noexcept {
    return pow(a, e);
  }
  WARPNUM_HD constexpr value_type operator()(const value_type& a, std::uint64_t e) const noexcept {
    return pow(a, BigUInt<64>(e));
  }

 private:
  template <std::size_t EBits> WARPNUM_HD constexpr value_type pow(const value_type& a, const BigUInt<EBits>& e) const noexcept {
#if WARPNUM_HAS_CUDA
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      WARPNUM_IF_ELSE_DEVICE((return detail::mod_pow_device(context_, a, e);), ())
    }
#endif
    return context_.powm(a, e);
  }

  WARPNUM_HD constexpr explicit powm_fn(const detail::ModContext<Bits>& context) noexcept : context_(context) {}
  detail::ModContext<Bits> context_;
};

/// a b mod m for a fixed modulus m, any operands (also >= m); the result is below m. Associative and commutative
/// (a b mod m is the same for a and a mod m), so it can drive a reduction: reduce(policy, first, last,
/// value_type{1}, multiplies_mod(m)) is the product of the range modulo m (init comes back as it is for an empty
/// range). Odd m by two Montgomery products, even m by Barrett. `Bits`: the width of the operands.
///
/// m == 0: the constructor throws std::domain_error on the host; built in device code, or by `checked`, the
/// object's status() is Status::division_by_zero and every result is 0.
template <std::size_t Bits> class multiplies_mod {
 public:
  using value_type = BigUInt<Bits>;

  /// The function for modulus m. Host: std::domain_error for m == 0.
  WARPNUM_HD constexpr explicit multiplies_mod(const value_type& m) : multiplies_mod(checked(m)) {
    if (context_.status() != Status::ok) detail::raise<std::domain_error>("warpnum: multiplies_mod: the modulus is zero");
  }
  /// The function for modulus m without throwing (see status()).
  static WARPNUM_HD constexpr multiplies_mod checked(const value_type& m) noexcept {
    return multiplies_mod(detail::ModContext<Bits>::make(m));
  }

  /// The modulus (1 when it was zero).
  WARPNUM_HD constexpr const value_type& modulus() const noexcept { return context_.modulus(); }
  /// Status::division_by_zero for a zero modulus, else Status::ok.
  WARPNUM_HD constexpr Status status() const noexcept { return context_.status(); }

  /// a b mod m.
  WARPNUM_HD constexpr value_type operator()(const value_type& a, const value_type& b) const noexcept {
#if WARPNUM_HAS_CUDA
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      WARPNUM_IF_ELSE_DEVICE((return detail::mod_mul_device(context_, a, b);), ())
    }
#endif
    return context_.mul(a, b);
  }

 private:
  WARPNUM_HD constexpr explicit multiplies_mod(const detail::ModContext<Bits>& context) noexcept : context_(context) {}
  detail::ModContext<Bits> context_;
};

/// (a + b) mod m for a fixed modulus m, any operands (also >= m, reduced first); the result is below m.
/// Associative and commutative: reduce(policy, first, last, value_type{}, plus_mod(m)) is the sum modulo m.
/// `Bits`: the width of the operands.
///
/// m == 0: the constructor throws std::domain_error on the host; built in device code, or by `checked`, the
/// object's status() is Status::division_by_zero and every result is 0.
template <std::size_t Bits> class plus_mod {
 public:
  using value_type = BigUInt<Bits>;

  /// The function for modulus m. Host: std::domain_error for m == 0.
  WARPNUM_HD constexpr explicit plus_mod(const value_type& m) : plus_mod(checked(m)) {
    if (context_.status() != Status::ok) detail::raise<std::domain_error>("warpnum: plus_mod: the modulus is zero");
  }
  /// The function for modulus m without throwing (see status()).
  static WARPNUM_HD constexpr plus_mod checked(const value_type& m) noexcept { return plus_mod(detail::ModContext<Bits>::make(m)); }

  /// The modulus (1 when it was zero).
  WARPNUM_HD constexpr const value_type& modulus() const noexcept { return context_.modulus(); }
  /// Status::division_by_zero for a zero modulus, else Status::ok.
  WARPNUM_HD constexpr Status status() const noexcept { return context_.status(); }

  /// (a + b) mod m.
  WARPNUM_HD constexpr value_type operator()(const value_type& a, const value_type& b) const noexcept {
#if WARPNUM_HAS_CUDA
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      WARPNUM_IF_ELSE_DEVICE((return detail::mod_add_device(context_, a, b);), ())
    }
#endif
    return context_.add(a, b);
  }

 private:
  WARPNUM_HD constexpr explicit plus_mod(const detail::ModContext<Bits>& context) noexcept : context_(context) {}
  detail::ModContext<Bits> context_;
};

// ---- the tag ------------------------------------------------------------------------------------------------

/// True for warpnum's function objects (those of this header), false for every other type. The algorithms
/// (<warpnum/algorithm.hpp>) may run these on warpnum's own kernels instead of Thrust's, because they know what
/// each computes; a user's function object always goes to Thrust. Not a customisation point: specialising it
/// for another type is not supported.
template <class F> struct is_warpnum_function_object : std::false_type {};
template <> struct is_warpnum_function_object<plus> : std::true_type {};
template <> struct is_warpnum_function_object<minus> : std::true_type {};
template <> struct is_warpnum_function_object<multiplies> : std::true_type {};
template <> struct is_warpnum_function_object<divides> : std::true_type {};
template <> struct is_warpnum_function_object<modulus> : std::true_type {};
template <> struct is_warpnum_function_object<negate> : std::true_type {};
template <> struct is_warpnum_function_object<bit_and> : std::true_type {};
template <> struct is_warpnum_function_object<bit_or> : std::true_type {};
template <> struct is_warpnum_function_object<bit_xor> : std::true_type {};
template <> struct is_warpnum_function_object<less> : std::true_type {};
template <> struct is_warpnum_function_object<greater> : std::true_type {};
template <> struct is_warpnum_function_object<equal_to> : std::true_type {};
template <> struct is_warpnum_function_object<minimum> : std::true_type {};
template <> struct is_warpnum_function_object<maximum> : std::true_type {};
template <std::size_t Bits> struct is_warpnum_function_object<powm_fn<Bits>> : std::true_type {};
template <std::size_t Bits> struct is_warpnum_function_object<multiplies_mod<Bits>> : std::true_type {};
template <std::size_t Bits> struct is_warpnum_function_object<plus_mod<Bits>> : std::true_type {};

/// is_warpnum_function_object<F>, cv-qualifiers and references removed.
template <class F> inline constexpr bool is_warpnum_function_object_v = is_warpnum_function_object<std::remove_cvref_t<F>>::value;

}  // namespace warpnum
