// SPDX-License-Identifier: Apache-2.0
// tests/constant_time/timing.cpp: a statistical timing test of the constant-time functions (include/warpnum/ct/) on
// the host, by dudect's method (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant time?", DATE 2017): inputs
// of two classes, one fixed value (zero, one, a sparse exponent) and fresh random values, measured in an order drawn
// at random, each sample a few calls timed by the cycle counter; the slowest 10 % of each class dropped (interrupts,
// migrations), then Welch's t statistic of the two classes' means. A function whose time depends on its input shows
// |t| growing with the samples; dudect reads |t| > 4.5 as evidence of a leak, this test fails at |t| > 10 (a margin
// for a shared CI machine) after at most its time budget. The variable-time powm runs as a control and must be
// flagged, which shows that the test can fail. Timing is its purpose: the one test that measures time; it says
// nothing of speed (bench/ does).
//   ct-timing [--seconds S]   (S: the budget of each function, default 1)
#include "constant_time/random_values.hpp"
#include "constant_time/welch_t.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct.hpp>
#include <warpnum/modular.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace {

using namespace warpnum;
using ct_checks::generator;
using ct_checks::random_odd;
using ct_checks::random_uint;
using ct_checks::welch_t;

std::uint64_t ticks() {
#if defined(__x86_64__)
  _mm_lfence();
  const std::uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
#else
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

/// One function under test: prepare(k, cls) fills input slot k with a value of class cls (0 fixed, 1 random);
/// run(k) calls the function on slot k. Slots are filled before the timed calls, so both classes read memory
/// laid out alike.
struct Subject {
  std::string name;
  std::function<void(int, int)> prepare;
  std::function<void(int)> run;
  bool leaky = false;  // a control that must be flagged
};

constexpr int slots = 256;
constexpr int calls_per_sample = 4;

struct Verdict {
  double t;
  std::size_t samples;
};

Verdict measure(const Subject& s, double seconds) {
  std::vector<int> cls(slots);
  std::vector<double> times[2];
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t sink = 0;
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds) {
    for (int k = 0; k < slots; k += calls_per_sample) {
      const int c = static_cast<int>(generator()() & 1u);
      for (int j = 0; j < calls_per_sample; ++j) {
        cls[k + j] = c;
        s.prepare(k + j, c);
      }
    }
    for (int k = 0; k < slots; k += calls_per_sample) {
      const std::uint64_t t0 = ticks();
      for (int j = 0; j < calls_per_sample; ++j) s.run(k + j);
      const std::uint64_t t1 = ticks();
      times[cls[k]].push_back(static_cast<double>(t1 - t0));
      sink += t1;
    }
  }
  if (sink == 42) std::puts("");  // keeps the timed loop
  const std::size_t samples = times[0].size() + times[1].size();
  return {welch_t(times[0], times[1]), samples};
}

template <class T>
struct Slots {
  std::vector<T> v = std::vector<T>(slots);
};

std::vector<Subject> subjects() {
  std::vector<Subject> out;
  {  // comparison of 1024-bit values: equal (fixed) against random pairs
    auto a = std::make_shared<Slots<BigUInt<1024>>>(), b = std::make_shared<Slots<BigUInt<1024>>>();
    auto r = std::make_shared<std::uint32_t>(0);
    const BigUInt<1024> x = random_uint<1024>();
    out.push_back({"ct::less 1024",
                   [=](int k, int c) {
                     a->v[k] = x;
                     b->v[k] = c == 0 ? x : random_uint<1024>();
                   },
                   [=](int k) { *r ^= ct::less(a->v[k], b->v[k]).mask() ^ ct::equal(a->v[k], b->v[k]).mask(); }});
    out.push_back({"ct::select 1024", [=](int k, int c) { a->v[k] = c == 0 ? BigUInt<1024>{} : random_uint<1024>(); },
                   [=](int k) { b->v[k] = ct::select(ct::Choice::from_bit(a->v[k].limbs_[0]), a->v[k], x); }});
  }
  {  // Montgomery products at 256 (the host's assembly or columns) and 2048 bits (rows): zero against random
    auto add_products = [&out]<std::size_t Bits>(std::integral_constant<std::size_t, Bits>) {
      const BigUInt<Bits> m = random_odd<Bits>();
      const auto ctx = std::make_shared<ct::Montgomery<Bits>>(m);
      auto a = std::make_shared<Slots<BigUInt<Bits>>>();
      auto r = std::make_shared<BigUInt<Bits>>();
      out.push_back({"ct::Montgomery<" + std::to_string(Bits) + ">::mul",
                     [=](int k, int c) { a->v[k] = c == 0 ? BigUInt<Bits>{} : random_uint<Bits>() % m; },
                     [=](int k) { *r = ctx->mul(a->v[k], *r); }});
      out.push_back({"ct::Montgomery<" + std::to_string(Bits) + ">::add",
                     [=](int k, int c) { a->v[k] = c == 0 ? BigUInt<Bits>{} : random_uint<Bits>() % m; },
                     [=](int k) { *r = ctx->add(a->v[k], ctx->sub(a->v[k], *r)); }});
    };
    add_products(std::integral_constant<std::size_t, 256>{});
    add_products(std::integral_constant<std::size_t, 2048>{});
  }
  {  // powm with a secret exponent: 0 against random, 256 and 1024 bits; the same for the variable-time control
    auto add_powers = [&out]<std::size_t Bits>(std::integral_constant<std::size_t, Bits>, bool vt) {
      const BigUInt<Bits> m = random_odd<Bits>();
      const BigUInt<Bits> a = random_uint<Bits>() % m;
      auto e = std::make_shared<Slots<BigUInt<Bits>>>();
      auto r = std::make_shared<BigUInt<Bits>>();
      if (vt) {
        const auto ctx = std::make_shared<Montgomery<Bits>>(m);
        out.push_back({"Montgomery<" + std::to_string(Bits) + ">::powm (variable-time control)",
                       [=](int k, int c) { e->v[k] = c == 0 ? BigUInt<Bits>{1u} : random_uint<Bits>(); },
                       [=](int k) { *r ^= ctx->powm(a, e->v[k]); }, true});
      } else {
        const auto ctx = std::make_shared<ct::Montgomery<Bits>>(m);
        out.push_back({"ct::Montgomery<" + std::to_string(Bits) + ">::powm",
                       [=](int k, int c) { e->v[k] = c == 0 ? BigUInt<Bits>{} : random_uint<Bits>(); },
                       [=](int k) { *r ^= ctx->powm(a, e->v[k]); }});
      }
    };
    add_powers(std::integral_constant<std::size_t, 256>{}, false);
    add_powers(std::integral_constant<std::size_t, 1024>{}, false);
    add_powers(std::integral_constant<std::size_t, 256>{}, true);
  }
  {  // inverse modulo a prime: 1 against random
    BigUInt<256> p{"0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"};  // P-256's prime
    const auto ctx = std::make_shared<ct::Montgomery<256>>(p);
    auto a = std::make_shared<Slots<BigUInt<256>>>();
    auto r = std::make_shared<BigUInt<256>>();
    out.push_back({"ct::Montgomery<256>::inverse_prime",
                   [=](int k, int c) { a->v[k] = c == 0 ? ctx->one() : random_uint<256>() % p; },
                   [=](int k) { *r ^= ctx->inverse_prime(a->v[k]); }});
  }
  {  // the inverse modulo an odd composite by division steps: 1 against random
    const BigUInt<256> m = random_odd<256>();
    auto a = std::make_shared<Slots<BigUInt<256>>>();
    auto r = std::make_shared<BigUInt<256>>();
    out.push_back({"ct::modinv 256",
                   [=](int k, int c) { a->v[k] = c == 0 ? BigUInt<256>{1u} : random_uint<256>() % m; },
                   [=](int k) { *r ^= ct::modinv_checked(a->v[k], m).value; }});
  }
  {  // the blinded RSA-CRT private operation of a 1024-bit key: ciphertext 0 against random ciphertexts
    using H = BigUInt<512>;
    using N = BigUInt<1024>;
    auto prime = [] {
      for (;;) {
        H p = random_odd<512>();
        p.set_bit(510);
        if (is_probable_prime(p, 20)) return p;
      }
    };
    H p = prime(), q = prime();
    while (q == p) q = prime();
    const N n = mul_wide(p, q);
    const N phi = mul_wide(H{p - 1u}, H{q - 1u});
    const N d = modinv(N{65537u}, phi);
    const H dp = H(d % N(H{p - 1u})), dq = H(d % N(H{q - 1u}));
    const auto key = std::make_shared<ct::RsaKey<1024>>(n, 65537, p, q, dp, dq, modinv(q, p));
    const auto blinding = std::make_shared<ct::RsaBlinding<1024>>(ct::make_blinding(*key, random_uint<1024>() % n));
    auto c = std::make_shared<Slots<N>>();
    auto r = std::make_shared<N>();
    out.push_back({"ct::rsa_private 1024", [=](int k, int cls) { c->v[k] = cls == 0 ? N{} : random_uint<1024>() % n; },
                   [=](int k) { *r ^= ct::rsa_private(*key, c->v[k], *blinding); }});
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 1.0;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
  }
  constexpr double threshold = 10.0;
  int failed = 0;
  std::printf("%-52s %10s %9s  %s\n", "function", "samples", "|t|", "verdict");
  for (const Subject& s : subjects()) {
    const Verdict v = measure(s, seconds);
    const bool flagged = std::fabs(v.t) > threshold;
    const bool ok = flagged == s.leaky;
    std::printf(
        "%-52s %10zu %9.2f  %s\n", s.name.c_str(), v.samples, std::fabs(v.t),
        s.leaky ? (flagged ? "flagged, as a variable-time control must be" : "NOT flagged: the test cannot see a leak")
                : (flagged ? "LEAKS: time depends on the input class" : "no leak seen"));
    std::fflush(stdout);
    if (!ok) ++failed;
  }
  return failed == 0 ? 0 : 1;
}
