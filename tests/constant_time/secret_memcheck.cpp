// SPDX-License-Identifier: Apache-2.0
// tests/constant_time/secret_memcheck.cpp: the constant-time functions (include/warpnum/ct/) run under Valgrind's
// memcheck with their secret inputs marked undefined (VALGRIND_MAKE_MEM_UNDEFINED): memcheck then reports every
// conditional jump, conditional move and memory address that depends on a secret ("Conditional jump or move depends
// on uninitialised value(s)", "Use of uninitialised value"), and ctest fails the run on any report (valgrind
// --error-exitcode). The technique of Adam Langley's ctgrind, as BoringSSL's constant-time validation uses it; the
// library's declassify points (a context's status, a checked result) tell memcheck what becomes public
// (WARPNUM_CT_VALIDATION, detail/ct/limbs.hpp). Each result is also checked against the variable-time functions or
// GMP (exit 2 on a wrong value). The cases leaky_pow and leaky_compare run variable-time functions on secrets and
// must be reported: ctest expects them to fail, which shows that the check can fail.
// With WARPNUM_HOST_ADX=1 (detail/x86/cpu.hpp) the same cases take the host's mulx/adcx/adox assembly, which
// Valgrind executes but hides from CPUID; the case adx_available says, outside Valgrind, whether the processor has it
// (exit 77 where it has not, so that the test is skipped).
//   ct-secret-memcheck CASE   (compare, modular, montgomery, powm, inverse, rsa, leaky_pow, leaky_compare,
//                              adx_available)
#include "constant_time/random_values.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct.hpp>
#include <warpnum/gmp.hpp>
#include <warpnum/modular.hpp>
#if WARPNUM_DETAIL_X86_64_ASM
#  include <warpnum/detail/x86/cpu.hpp>
#endif

#include <gmpxx.h>
#include <valgrind/memcheck.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

namespace {

using namespace warpnum;
using ct_checks::random_odd;
using ct_checks::random_uint;

/// Marks x's bytes undefined: memcheck reports any decision taken on them.
template <class T>
void secret(T& x) {
  (void)VALGRIND_MAKE_MEM_UNDEFINED(&x, sizeof x);
}
/// Marks x's bytes defined again: a result about to be compared with the reference.
template <class T>
const T& reveal(const T& x) {
  (void)VALGRIND_MAKE_MEM_DEFINED(&x, sizeof x);
  return x;
}

int failures = 0;
template <class T>
void expect_equal(const T& got, const T& want, const char* what) {
  if (!(reveal(got) == want)) {
    std::fprintf(stderr, "ct-secret-memcheck: %s: wrong value\n", what);
    ++failures;
  }
}

template <std::size_t Bits>
BigUInt<Bits> random_prime() {
  mpz_class p = to_mpz_class(random_odd<Bits>());
  p -= 1000;  // room below 2^Bits for the next prime
  mpz_nextprime(p.get_mpz_t(), p.get_mpz_t());
  return from_mpz<BigUInt<Bits>>(p);
}

template <std::size_t Bits>
void compare_case() {
  BigUInt<Bits> a = random_uint<Bits>(), b = a, c = random_uint<Bits>();
  b.limbs_[0] ^= 1u;
  BigInt<Bits> s = BigInt<Bits>(random_uint<Bits>()), t = BigInt<Bits>(random_uint<Bits>());
  const bool lt = a < b, eq = a == c, slt = s < t;
  secret(a), secret(b), secret(c), secret(s), secret(t);
  const ct::Choice x = ct::less(a, b);
  BigUInt<Bits> lo = ct::select(x, a, b);
  BigUInt<Bits> p = a, q = b;
  ct::cswap(x, p, q);
  expect_equal(x.mask() != 0, lt, "less");
  expect_equal(ct::equal(a, c).mask() != 0, eq, "equal");
  expect_equal(ct::greater(a, b).mask() != 0, !lt, "greater");
  expect_equal(ct::less(s, t).mask() != 0, slt, "signed less");
  expect_equal(ct::is_zero(c).mask() != 0, false, "is_zero");
  expect_equal(lo, reveal(a) < reveal(b) ? a : b, "select");
  expect_equal(p, lt ? b : a, "cswap");
}

template <std::size_t Bits>
void modular_case() {
  BigUInt<Bits> m = random_odd<Bits>();
  BigUInt<Bits> a = random_uint<Bits>() % m, b = random_uint<Bits>() % m;
  const mpz_class zm = to_mpz_class(m), za = to_mpz_class(a), zb = to_mpz_class(b);
  secret(m), secret(a), secret(b);
  expect_equal(to_mpz_class(reveal(ct::add_mod(a, b, m))), mpz_class((za + zb) % zm), "add_mod");
  expect_equal(to_mpz_class(reveal(ct::sub_mod(a, b, m))), mpz_class((za - zb + zm) % zm), "sub_mod");
  const auto r = ct::mul_mod_checked(a, b, m);
  expect_equal(to_mpz_class(reveal(r.value)), mpz_class(za * zb % zm), "mul_mod");
}

template <std::size_t Bits>
void montgomery_case() {
  BigUInt<Bits> m = random_odd<Bits>();
  BigUInt<Bits> a = random_uint<Bits>() % m, b = random_uint<Bits>() % m;
  const Montgomery<Bits> v(m);
  const BigUInt<Bits> want_mul = v.mul(a, b), want_sqr = v.sqr(a), want_add = v.add(a, b), want_sub = v.sub(a, b);
  const BigUInt<Bits> want_one = v.one(), want_r2 = v.r_squared();
  secret(m), secret(a), secret(b);
  const auto c = ct::Montgomery<Bits>::checked(m);  // the modulus secret too: built without a division
  expect_equal(c.one(), want_one, "context R mod m");
  expect_equal(c.r_squared(), want_r2, "context R^2 mod m");
  expect_equal(c.mul(a, b), want_mul, "Montgomery product");
  expect_equal(c.sqr(a), want_sqr, "Montgomery square");
  expect_equal(c.add(a, b), want_add, "sum");
  expect_equal(c.sub(a, b), want_sub, "difference");
}

template <std::size_t Bits>
void powm_case() {
  BigUInt<Bits> m = random_odd<Bits>(), a = random_uint<Bits>(), e = random_uint<Bits>();
  const BigUInt<Bits> want = powm(a, e, m);
  secret(m), secret(a), secret(e);
  expect_equal(ct::powm_checked(a, e, m).value, want, "powm");
}

template <std::size_t Bits>
void inverse_case() {
  BigUInt<Bits> p = random_prime<Bits>(), a = random_uint<Bits>() % p;
  const BigUInt<Bits> want = modinv(a, p);
  secret(p), secret(a);
  expect_equal(ct::inverse_mod_prime_checked(a, p).value, want, "inverse_mod_prime");
}

template <std::size_t Bits>
void rsa_case() {
  using H = BigUInt<Bits / 2>;
  mpz_class p, q;
  do {
    p = to_mpz_class(random_prime<Bits / 2>());
    q = to_mpz_class(random_prime<Bits / 2>());
  } while (p == q || mpz_sizeinbase(mpz_class(p * q).get_mpz_t(), 2) != Bits);
  const mpz_class n = p * q, phi = (p - 1) * (q - 1);
  mpz_class d, qinv, e = 65537;
  if (mpz_invert(d.get_mpz_t(), e.get_mpz_t(), phi.get_mpz_t()) == 0) return rsa_case<Bits>();
  mpz_invert(qinv.get_mpz_t(), q.get_mpz_t(), p.get_mpz_t());
  H hp = from_mpz<H>(p), hq = from_mpz<H>(q), dp = from_mpz<H>(mpz_class(d % (p - 1))),
    dq = from_mpz<H>(mpz_class(d % (q - 1))), hqinv = from_mpz<H>(qinv);
  BigUInt<Bits> hn = from_mpz<BigUInt<Bits>>(n);
  BigUInt<Bits> c = random_uint<Bits>() % hn, r = random_uint<Bits>() % hn;
  mpz_class want;
  mpz_powm(want.get_mpz_t(), to_mpz_class(c).get_mpz_t(), d.get_mpz_t(), n.get_mpz_t());
  secret(hp), secret(hq), secret(dp), secret(dq), secret(hqinv), secret(c), secret(r);
  const auto key = ct::RsaKey<Bits>::checked(hn, 65537, hp, hq, dp, dq, hqinv);
  auto blinding = ct::make_blinding_checked(key, r);
  if (blinding.status != Status::ok) return;  // r shares a factor with n: not for this test
  expect_equal(to_mpz_class(reveal(ct::rsa_private(key, c, blinding.value))), want, "rsa_private");
}

/// Variable-time: the sliding windows branch on the exponent's bits. Must be reported.
void leaky_pow() {
  BigUInt<256> m = random_odd<256>(), a = random_uint<256>(), e = random_uint<256>();
  const BigUInt<256> want = powm(a, e, m);
  secret(e);
  expect_equal(powm(a, e, m), want, "variable-time powm");
}

/// Variable-time: operator< stops at the first limb that differs. Must be reported.
void leaky_compare() {
  BigUInt<1024> a = random_uint<1024>(), b = random_uint<1024>();
  const bool want = a < b;
  secret(a), secret(b);
  expect_equal(a < b, want, "variable-time operator<");
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "";
  if (which == "compare") {
    compare_case<32>(), compare_case<256>(), compare_case<1024>();
  } else if (which == "modular") {
    modular_case<96>(), modular_case<256>(), modular_case<1024>(), modular_case<2048>();
  } else if (which == "montgomery") {
    montgomery_case<64>(), montgomery_case<96>(), montgomery_case<256>(), montgomery_case<1024>(),
        montgomery_case<2048>(), montgomery_case<4096>();
  } else if (which == "powm") {
    powm_case<96>(), powm_case<256>(), powm_case<1024>(), powm_case<2048>();
  } else if (which == "inverse") {
    inverse_case<256>(), inverse_case<1024>();
  } else if (which == "rsa") {
    rsa_case<512>(), rsa_case<2048>();
  } else if (which == "leaky_pow") {
    leaky_pow();
  } else if (which == "leaky_compare") {
    leaky_compare();
  } else if (which == "adx_available") {
#if WARPNUM_DETAIL_X86_64_ASM
    return warpnum::detail::host_has_mulx_adx ? 0 : 77;
#else
    return 77;
#endif
  } else {
    std::fprintf(stderr,
                 "usage: ct-secret-memcheck compare|modular|montgomery|powm|inverse|rsa|leaky_pow|leaky_compare\n");
    return 2;
  }
  return failures == 0 ? 0 : 2;
}
