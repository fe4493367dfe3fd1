// SPDX-License-Identifier: Apache-2.0
// warpnum/ct/rsa.hpp: the RSA private operation m = c^d mod n by the Chinese remainder theorem (Garner's
// recombination), with base blinding, in constant time in every secret: the primes, the private exponents, the
// message, the blinding factor. ct::RsaKey holds the key's constant-time Montgomery contexts, built once;
// ct::RsaBlinding holds r^e and r^-1 mod n for a random r and is advanced by squaring both after each use (as
// OpenSSL's BN_BLINDING does). Host, device and constexpr. What this does and does not protect: docs/security.md.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/ct/choice.hpp>
#include <warpnum/ct/compare.hpp>
#include <warpnum/ct/montgomery.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mul/select.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum::ct {

/// A private RSA key of a Bits-bit modulus n = p q with primes of Bits / 2 bits each (Bits a multiple of 64), the
/// CRT exponents dp = d mod (p - 1), dq = d mod (q - 1) and qinv = q^-1 mod p, and the public exponent e (below
/// 2^64: 65537 in practice), with the constant-time Montgomery contexts of n, p and q. Trivially copyable: build it
/// on the host and pass it to kernels by value or through memory. Nothing is checked beyond the moduli's oddness
/// (status()): a key whose parts do not belong together gives wrong results, as in every RSA library.
template <std::size_t Bits>
class RsaKey {
  static_assert(Bits % 64 == 0, "warpnum: ct::RsaKey needs a modulus width that is a multiple of 64 bits");

 public:
  static constexpr std::size_t half_bits = Bits / 2;
  using value_type = BigUInt<Bits>;
  using half_type = BigUInt<half_bits>;

  RsaKey() = default;

  /// From the key's parts. Host: std::domain_error where n, p or q is even or zero; checked() reports it instead.
  WARPNUM_HD constexpr RsaKey(const value_type& n, std::uint64_t e, const half_type& p, const half_type& q,
                              const half_type& dp, const half_type& dq, const half_type& qinv)
      : RsaKey(checked(n, e, p, q, dp, dq, qinv)) {
    if (status() != Status::ok) detail::raise<std::domain_error>("warpnum: ct::RsaKey needs odd n, p and q");
  }

  static WARPNUM_HD constexpr RsaKey checked(const value_type& n, std::uint64_t e, const half_type& p,
                                             const half_type& q, const half_type& dp, const half_type& dq,
                                             const half_type& qinv) noexcept {
    RsaKey k;
    k.n_ = Montgomery<Bits>::checked(n);
    k.p_ = Montgomery<half_bits>::checked(p);
    k.q_ = Montgomery<half_bits>::checked(q);
    k.e_ = BigUInt<64>(e);
    k.dp_ = dp;
    k.dq_ = dq;
    k.qinv_ = qinv;
    return k;
  }

  /// Status::ok, or the first failing modulus's status (n, then p, then q).
  WARPNUM_HD constexpr Status status() const noexcept {
    return n_.status() != Status::ok ? n_.status() : p_.status() != Status::ok ? p_.status() : q_.status();
  }
  WARPNUM_HD constexpr const Montgomery<Bits>& n_context() const noexcept { return n_; }
  WARPNUM_HD constexpr const Montgomery<half_bits>& p_context() const noexcept { return p_; }
  WARPNUM_HD constexpr const Montgomery<half_bits>& q_context() const noexcept { return q_; }
  WARPNUM_HD constexpr const BigUInt<64>& public_exponent() const noexcept { return e_; }
  WARPNUM_HD constexpr const half_type& dp() const noexcept { return dp_; }
  WARPNUM_HD constexpr const half_type& dq() const noexcept { return dq_; }
  WARPNUM_HD constexpr const half_type& qinv() const noexcept { return qinv_; }

 private:
  Montgomery<Bits> n_;
  Montgomery<half_bits> p_;
  Montgomery<half_bits> q_;
  BigUInt<64> e_;
  half_type dp_;
  half_type dq_;
  half_type qinv_;
};

/// Base blinding for RsaKey: r^e mod n and r^-1 mod n for a secret random r. The private operation multiplies the
/// ciphertext by r^e before exponentiating and the result by r^-1 after, so the exponentiations see a value the
/// attacker neither chooses nor knows; after each use both are squared (r becomes r^2), so one inverse serves
/// many operations. Use a fresh r (uniform below n, from a cryptographic generator) for each key and each thread.
template <std::size_t Bits>
struct RsaBlinding {
  BigUInt<Bits> r_e;    ///< r^e mod n
  BigUInt<Bits> r_inv;  ///< r^-1 mod n
};

}  // namespace warpnum::ct

namespace warpnum::detail::ct {

/// x mod p in p's Montgomery form (x R_p mod p) for any Bits-bit x, p of Bits / 2 bits: with x = hi 2^(Bits/2) + lo,
/// x R_p = hi R_p^2 + lo R_p, three products of half width; no division.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits / 2> reduce_to_half(const warpnum::ct::Montgomery<Bits / 2>& ctx,
                                                      const BigUInt<Bits>& x) noexcept {
  constexpr int h = BigUInt<Bits / 2>::num_limbs;
  BigUInt<Bits / 2> lo;
  BigUInt<Bits / 2> hi;
  for (int i = 0; i < h; ++i) {
    lo.limbs_[i] = x.limbs_[i];
    hi.limbs_[i] = x.limbs_[h + i];
  }
  return ctx.add(ctx.mul(ctx.to_montgomery(hi), ctx.r_squared()), ctx.to_montgomery(lo));
}

/// The x below p q with x = a mod p and x = b mod q, from a in p's Montgomery form and b < q (Garner: x = b + q ((a -
/// b) qinv mod p)); one product of half width by a half-width number, no division.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> garner(const warpnum::ct::RsaKey<Bits>& key, const BigUInt<Bits / 2>& a_p_form,
                                          const BigUInt<Bits / 2>& b) noexcept {
  constexpr int h = BigUInt<Bits / 2>::num_limbs;
  const auto& p = key.p_context();
  // (a - b) qinv mod p: a - (b mod p) in Montgomery form, times qinv (ordinary) gives the ordinary value
  const BigUInt<Bits / 2> t = p.mul(p.sub(a_p_form, p.to_montgomery(b)), key.qinv());
  BigUInt<Bits> x;
  mul_full_limbs<h>(x.limbs_, t.limbs_, key.q_context().modulus().limbs_);
  BigUInt<Bits> wide_b{};
  for (int i = 0; i < h; ++i) wide_b.limbs_[i] = b.limbs_[i];
  add_limbs<2 * h>(x.limbs_, x.limbs_, wide_b.limbs_);  // below p q: no carry out
  return x;
}

/// x^-1 mod n for n = p q, by Fermat modulo each prime and Garner's recombination; where x shares a factor with n, a
/// value that is not an inverse.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> inverse_mod_n(const warpnum::ct::RsaKey<Bits>& key,
                                                 const BigUInt<Bits>& x) noexcept {
  const auto& p = key.p_context();
  const auto& q = key.q_context();
  const BigUInt<Bits / 2> inv_p = p.inverse_prime(reduce_to_half(p, x));  // p's Montgomery form
  const BigUInt<Bits / 2> inv_q = q.from_montgomery(q.inverse_prime(reduce_to_half(q, x)));
  return garner(key, inv_p, inv_q);
}

}  // namespace warpnum::detail::ct

namespace warpnum::ct {

/// The blinding of key for the random r (0 < r < n): r^e and r^-1 mod n, in constant time in r and the key.
/// {.., Status::not_invertible} where r shares a factor with n (then nothing is blinded: draw another r); the status
/// is the one value derived from r that may decide control flow.
template <std::size_t Bits>
WARPNUM_HD constexpr Checked<RsaBlinding<Bits>> make_blinding_checked(const RsaKey<Bits>& key,
                                                                      const BigUInt<Bits>& r) noexcept {
  const auto& n = key.n_context();
  RsaBlinding<Bits> b;
  b.r_e = n.powm(r, key.public_exponent());
  b.r_inv = warpnum::detail::ct::inverse_mod_n(key, r);
  // r r^-1 = 1 mod n exactly where r is invertible: a comparison of the product, every limb read
  const Choice ok = ct::equal(n.mul(n.to_montgomery(r), b.r_inv), BigUInt<Bits>{1u});
  return {b, ok.declassify() ? Status::ok : Status::not_invertible};
}

/// make_blinding_checked's value; r sharing a factor with n: std::domain_error on the host.
template <std::size_t Bits>
WARPNUM_HD constexpr RsaBlinding<Bits> make_blinding(const RsaKey<Bits>& key, const BigUInt<Bits>& r) {
  const auto b = ct::make_blinding_checked(key, r);
  if (b.status != Status::ok)
    warpnum::detail::raise<std::domain_error>(
        "warpnum: ct::make_blinding: r is not invertible modulo n; draw another r");
  return b.value;
}

/// c^d mod n (the RSA private operation: decryption, or a signature of the padded message c) for c < n, in
/// constant time in c, the key and the blinding: c r^e, then c r^e's powers dp modulo p and dq modulo q by fixed
/// windows with masked table reads, Garner's recombination, and the product by r^-1; then `blinding` advances (both
/// parts squared) for the next call. Every part is a constant-time Montgomery product, sum or difference; no
/// division. c >= n gives the result for c mod n.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> rsa_private(const RsaKey<Bits>& key, const BigUInt<Bits>& c,
                                               RsaBlinding<Bits>& blinding) noexcept {
  const auto& n = key.n_context();
  const auto& p = key.p_context();
  const auto& q = key.q_context();
  const BigUInt<Bits> blinded = n.mul(n.to_montgomery(c), blinding.r_e);                          // c r^e mod n
  const BigUInt<Bits / 2> mp = p.pow(warpnum::detail::ct::reduce_to_half(p, blinded), key.dp());  // p's Montgomery form
  const BigUInt<Bits / 2> mq = q.from_montgomery(q.pow(warpnum::detail::ct::reduce_to_half(q, blinded), key.dq()));
  const BigUInt<Bits> m_blinded = warpnum::detail::ct::garner(key, mp, mq);
  const BigUInt<Bits> m = n.mul(n.to_montgomery(m_blinded), blinding.r_inv);
  blinding.r_e = n.mul(n.to_montgomery(blinding.r_e), blinding.r_e);
  blinding.r_inv = n.mul(n.to_montgomery(blinding.r_inv), blinding.r_inv);
  return m;
}

}  // namespace warpnum::ct
