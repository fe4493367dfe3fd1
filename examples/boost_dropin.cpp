// SPDX-License-Identifier: Apache-2.0
// examples/boost_dropin.cpp: warpnum-boost-dropin, a program written for boost::multiprecision::int1024_t that moves
// to warpnum by one typedef (<warpnum/boost.hpp>): Miller-Rabin (Boost's miller_rabin_test, 25 trials) over known
// primes and composites, random odd numbers and a prime search, then factorials, divisions, gcd, lcm, powm, integer
// square roots and shifts, printed in decimal and hex. It runs the same code with both types, prints the output and
// checks that the two are identical (exit 1 if not); the times of the two runs are printed apart.
//   warpnum-boost-dropin [--count N] [--seed S] [--quiet]
// Host only; Debian's Boost 1.74 headers (the adapter is also tested against Boost 1.81, tests/boost/).
#include "cli.hpp"

#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/integer.hpp>
#include <boost/multiprecision/miller_rabin.hpp>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/traits.hpp>

#include <warpnum/boost.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <ios>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

// The one line a user changes (-DWARPNUM_BOOST_DROPIN_USE_BOOST=1 builds the original). The program below is a
// template over its number type only so that one binary can run it with int1024_t as well and compare; in a user's
// code it is written for Int.
#if WARPNUM_BOOST_DROPIN_USE_BOOST
using Int = boost::multiprecision::int1024_t;
#else
using Int = warpnum::boost_int<1024>;
#endif
using BoostInt = boost::multiprecision::int1024_t;

// Boost 1.74's miller_rabin_test draws its witnesses with Boost.Random, which holds the range of the draw (here
// n - 4) in the unsigned-or-unbounded type this trait names and has none for a signed bounded type: without this
// specialization (Boost.Random's documented customisation point) it does not compile for int1024_t, nor for
// boost_int<1024>. The number type itself will do, as every range drawn here is below its maximum. Newer Boost (1.81)
// draws with boost::multiprecision::uniform_int_distribution and does not use the trait.
template <class Backend, boost::multiprecision::expression_template_option ET>
struct boost::random::traits::make_unsigned_or_unbounded<boost::multiprecision::number<Backend, ET>> {
  using type = boost::multiprecision::number<Backend, ET>;
};

namespace {

struct Options {
  unsigned count = 300;     // random odd numbers tested by Miller-Rabin
  std::uint64_t seed = 1;   // for the numbers and for Miller-Rabin's witnesses
  bool quiet = false;       // print only the verdict, not the output
};

// The program, as written for int1024_t. Every value stays below 2^1023 in magnitude: boost_int<1024> is two's
// complement, so its range is [-2^1023, 2^1023 - 1], half of int1024_t's (docs/errors.md).
template <class I>
std::string program(const Options& options) {
  using boost::multiprecision::miller_rabin_test;
  std::ostringstream out;
  boost::random::mt19937 witnesses(static_cast<std::uint32_t>(options.seed));
  auto verdict = [&](const I& n) { return miller_rabin_test(n, 25, witnesses) ? "prime" : "composite"; };
  const I one = 1;

  // Known primes: Mersenne primes 2^p - 1 (p = 61, 89, 107, 127, 521, 607) and 10^100 + 267; known composites:
  // products of two of them, Carmichael numbers, 2^1000 + 1, a Mersenne number with a composite exponent.
  out << "known numbers (Miller-Rabin, 25 trials):\n";
  for (unsigned p : {61u, 89u, 107u, 127u, 521u, 607u}) {
    out << "  2^" << p << " - 1: " << verdict((one << p) - 1) << '\n';
  }
  const I googol = boost::multiprecision::pow(I(10), 100);
  out << "  10^100 + 267: " << verdict(googol + 267) << '\n';
  out << "  (2^127 - 1)(2^521 - 1): " << verdict(((one << 127) - 1) * ((one << 521) - 1)) << '\n';
  out << "  (2^89 - 1)(2^607 - 1): " << verdict(((one << 89) - 1) * ((one << 607) - 1)) << '\n';
  for (const char* carmichael : {"561", "41041", "825265", "321197185", "5394826801", "232250619601",
                                 "9746347772161"}) {
    out << "  Carmichael " << carmichael << ": " << verdict(I(carmichael)) << '\n';
  }
  out << "  2^1000 + 1: " << verdict((one << 1000) + 1) << '\n';
  out << "  2^1001 - 1: " << verdict((one << 1001) - 1) << '\n';

  // Random odd numbers of 64 to 1022 bits, made from 64-bit words so that both types see the same values.
  std::mt19937_64 words(options.seed);
  unsigned primes = 0;
  std::uint64_t digest = 0;
  for (unsigned i = 0; i < options.count; ++i) {
    const unsigned bits = 64 + static_cast<unsigned>(words() % (1022 - 64 + 1));
    const unsigned top = bits % 64 == 0 ? 64 : bits % 64;  // bits in the most significant word
    I n = I(words() >> (64 - top));
    for (unsigned have = top; have < bits; have += 64) n = (n << 64) | I(words());
    bit_set(n, bits - 1);
    bit_set(n, 0);
    const bool prime = miller_rabin_test(n, 25, witnesses);
    primes += prime ? 1 : 0;
    digest = digest * 31 + (prime ? 1 : 0) + static_cast<std::uint64_t>(msb(n)) * 2;
    if (prime) out << "  random prime (" << bits << " bits): " << n << '\n';
  }
  out << options.count << " random odd numbers: " << primes << " probable primes (verdict digest " << std::hex
      << digest << std::dec << ")\n";

  // The first probable primes after 2^k for a few k, as a prime search walks odd numbers.
  for (unsigned k : {64u, 128u, 256u, 512u, 1000u}) {
    I n = (one << k) + 1;
    while (!miller_rabin_test(n, 25, witnesses)) n += 2;
    out << "next prime after 2^" << k << ": 2^" << k << " + " << (n - (one << k)) << '\n';
  }

  // Ordinary arithmetic: 100!, divisions with both signs, gcd, lcm, powm, square roots, shifts, text.
  I factorial = 1;
  for (int i = 2; i <= 100; ++i) factorial *= i;
  out << "100! = " << factorial << '\n';
  out << "100! in hex = " << std::hex << std::showbase << factorial << std::noshowbase << std::dec << '\n';
  out << "100! has " << msb(factorial) + 1 << " bits, " << lsb(factorial) << " trailing zero bits, "
      << factorial.str().size() << " digits\n";
  const I m607 = (one << 607) - 1;
  for (const I& d : {I(7), I(-7), I("123456789012345678901234567890"), I("-98765432109876543210"), m607}) {
    out << "100! / " << d << " = " << factorial / d << ", remainder " << factorial % d << '\n';
    const I neg = -factorial;
    out << "-100! / " << d << " = " << neg / d << ", remainder " << neg % d << '\n';
  }
  I q, r;
  divide_qr(m607, factorial, q, r);
  out << "divide_qr(2^607 - 1, 100!) = " << q << ", " << r << '\n';
  const I fib_a("354224848179261915075"), fib_b("573147844013817084101");  // F(100), F(101): coprime
  out << "gcd(100!, 2^100 * 3^50) = " << gcd(factorial, (one << 100) * boost::multiprecision::pow(I(3), 50)) << '\n';
  out << "gcd(F100, F101) = " << gcd(fib_a, fib_b) << ", lcm = " << lcm(fib_a, fib_b) << '\n';
  out << "lcm(2^64, 3^40) = " << lcm(one << 64, boost::multiprecision::pow(I(3), 40)) << '\n';
  out << "3^(2^521 - 2) mod (2^521 - 1) = " << powm(I(3), (one << 521) - 2, (one << 521) - 1) << '\n';
  out << "7^100! mod (2^607 - 1) = " << std::hex << powm(I(7), factorial, m607) << std::dec << '\n';
  out << "powm(F100, F101, 100!) = " << powm(fib_a, fib_b, factorial) << '\n';
  I root_rem;
  const I root = sqrt(factorial, root_rem);
  out << "isqrt(100!) = " << root << ", remainder " << root_rem << '\n';
  out << "isqrt(2^1021) = " << sqrt(one << 1021) << '\n';
  out << "-100! >> 100 = " << (-factorial >> 100) << ", 100! >> 500 = " << (factorial >> 500) << '\n';
  out << "(100! & (2^300 - 1)) ^ (2^607 - 1) = " << std::hex << ((factorial & ((one << 300) - 1)) ^ m607) << std::dec
      << '\n';
  out << "100! mod 1000000007 = " << integer_modulus(factorial, 1000000007u) << ", as double "
      << std::scientific << factorial.template convert_to<double>() << std::defaultfloat << '\n';
  out << "F100 converted to uint64 = " << fib_a.template convert_to<std::uint64_t>()
      << ", F100 mod 2^64 = " << static_cast<std::uint64_t>(fib_a & I(UINT64_MAX)) << '\n';
  return out.str();
}

template <class I>
std::string timed(const Options& options, double& ms) {
  const auto start = std::chrono::steady_clock::now();
  std::string text = program<I>(options);
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return text;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "warpnum-boost-dropin: %s\nusage: warpnum-boost-dropin [--count N] [--seed S] [--quiet]\n", why);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--quiet") {
      options.quiet = true;
    } else if ((arg == "--count" || arg == "--seed") && i + 1 < argc) {
      const unsigned long long v = warpnum::examples::number_argument(argv[++i], usage);
      if (arg == "--count") {
        options.count = static_cast<unsigned>(v);
      } else {
        options.seed = v;
      }
    } else {
      usage(("unknown argument: " + arg).c_str());
    }
  }

  double boost_ms = 0;
  double int_ms = 0;
  const std::string expected = timed<BoostInt>(options, boost_ms);
  const std::string got = timed<Int>(options, int_ms);
  if (!options.quiet) std::fputs(got.c_str(), stdout);

  const char* name = std::is_same_v<Int, BoostInt> ? "int1024_t" : "warpnum::boost_int<1024>";
  if (got != expected) {
    const std::vector<std::string> a = lines(expected), b = lines(got);
    std::size_t line = 0;
    while (line < a.size() && line < b.size() && a[line] == b[line]) ++line;
    std::printf("DIFFERENT from line %zu on:\n  int1024_t: %s\n  %s: %s\n", line + 1,
                line < a.size() ? a[line].c_str() : "(end of output)", name,
                line < b.size() ? b[line].c_str() : "(end of output)");
    return 1;
  }
  std::printf("identical: int1024_t and %s print the same %zu lines (%.1f ms and %.1f ms)\n", name,
              lines(got).size(), boost_ms, int_ms);
  return 0;
}
