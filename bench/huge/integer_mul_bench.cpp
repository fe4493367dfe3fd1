// SPDX-License-Identifier: Apache-2.0
// bench/huge/integer_mul_bench.cpp: bench-huge-integer-mul: the exact product `a * b` (and
// `sqr(a)`) of two warpnum::Integer of D decimal digits each, operands already in place (device memory where
// there is a GPU), against GMP's mpz_mul on one core of the same machine in the same run. Every product is
// checked against GMP's before it is timed. Also times to_string and the text constructor at the sizes given by
// --text-digits (on the device also node by node, the divide and conquer that converts host numbers), and
// division (divmod_floor of 2d digits by d digits, against mpz_fdiv_qr, in units of the time of a product of two
// d-digit numbers, and the time of the divisor's reciprocal alone) at the sizes given by --div-digits.
//   bench-huge-integer-mul [--digits d1,d2,...] [--reps N] [--place host|device|automatic] [--text-digits d,...]
//                          [--div-digits d,...] [--csv FILE] [--crossover] [--algorithms a,b,...]
//                          [--devices all|i,j,...]
// Default digits 10^5, 10^6, 10^7, 10^8. Each row: the median of N timed calls (default 9; GMP: fewer above 10^7
// digits, it takes seconds) after one untimed call. Prints a table; --csv writes the rows too. --crossover instead
// times every algorithm Integer can take in the place (multiply(a, b, algorithm): on the host schoolbook, Karatsuba,
// Toom-3, Toom-4 and the transform; on the device the tiled convolution, the transform and the FFT) and GMP's mpz_mul
// over equal lengths from 16 to 131072 limbs, and on the host Toom-4 and the transform over n by 4n limbs, for
// src/huge/thresholds.hpp. --algorithms ntt,fft also times each product (and square) by each algorithm named,
// multiply(a, b, algorithm), checked against GMP first. --devices 0,0 (or all, or any list of GPUs) also times each
// product over that device list, multiply(devices, a, b), checked the same way.
// --division-variants (host place) also times the host division with its quotient in one, two and four pieces, each
// remainder from a wrapped product and from the whole one, interleaved, beside GMP.
#include "host_timing.hpp"

#include "../../src/huge/engine.hpp"

#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/huge/radix_conversion.hpp>
#include <warpnum/integer.hpp>

#include <gmp.h>
#include <gmpxx.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using warpnum::Integer;
using warpnum::Place;
using clock_type = std::chrono::steady_clock;

using warpnum::bench::median_ms;

std::vector<std::size_t> parse_list(const char* s) {
  return warpnum::bench::parse_number_list(s, "bench-huge-integer-mul");
}

/// A random number of exactly `digits` decimal digits (uniform limbs, below 10^digits, top digit non-zero).
mpz_class random_digits(std::size_t digits, gmp_randclass& rng) {
  mpz_class lo;
  mpz_ui_pow_ui(lo.get_mpz_t(), 10, digits - 1);
  mpz_class span = lo * 9;
  return lo + rng.get_z_range(span);
}

const char* place_name(Place p) { return p == Place::device ? "device" : "host"; }

/// --division-variants: the host division by Newton's reciprocal with the quotient in one, two and four pieces, each
/// remainder from the product modulo 2^(32 L) - 1 (wrapped) and from the whole product, every variant checked against
/// GMP's quotient and remainder, then timed in rounds that run each variant once (so that a machine's slow spell
/// falls on all of them); the median of `reps` rounds, and the ratio to GMP's time.
bool print_division_variants(const Integer& a, const Integer& b, const mpz_class& gq, const mpz_class& gr,
                             double gmp, int reps) {
  struct Variant {
    const char* name;
    std::size_t pieces;
    bool whole;
    std::vector<double> ms;
  };
  std::vector<Variant> variants = {
      {"1 piece, wrapped", 1, false, {}},  {"1 piece, whole", 1, true, {}},
      {"2 pieces, wrapped", 2, false, {}}, {"2 pieces, whole", 2, true, {}},
      {"4 pieces, wrapped", 4, false, {}}, {"4 pieces, whole", 4, true, {}}};
  const std::size_t m = a.bit_width(), n = b.bit_width();
  const auto divide = [&](const Variant& v) {
    warpnum::huge::wrapped_products_off_for_tests = v.whole;
    const std::size_t host_bits = 32 * warpnum::huge::NumberTraits<Integer>::host_limbs;
    auto r = warpnum::huge::divmod_by_reciprocal<Integer>(a, m, b, n, host_bits, v.pieces);
    warpnum::huge::wrapped_products_off_for_tests = false;
    return r;
  };
  for (const Variant& v : variants) {
    const auto r = divide(v);
    if (warpnum::to_mpz_class(r.quot) != gq || warpnum::to_mpz_class(r.rem) != gr) {
      std::fprintf(stderr, "bench-huge-integer-mul: the division (%s) differs from GMP's\n", v.name);
      return false;
    }
  }
  for (int i = 0; i < reps; ++i) {
    for (Variant& v : variants) {
      const auto t0 = clock_type::now();
      static_cast<void>(divide(v));
      v.ms.push_back(std::chrono::duration<double, std::milli>(clock_type::now() - t0).count());
    }
  }
  for (Variant& v : variants) {
    std::sort(v.ms.begin(), v.ms.end());
    const double t = v.ms[v.ms.size() / 2];
    std::printf("  %-20s %12.3f ms  %.2fx GMP's time\n", v.name, t, t / gmp);
  }
  std::fflush(stdout);
  return true;
}

/// The crossover table: ms of multiply(a, b, algorithm) for each algorithm the place has, equal lengths.
int run_crossover(Place place, int reps, gmp_randclass& rng) {
  using warpnum::MulAlgorithm;
  const bool device = place == Place::device;
  const std::vector<std::pair<MulAlgorithm, const char*>> algorithms =
      device ? std::vector<std::pair<MulAlgorithm, const char*>>{
                   {MulAlgorithm::tiled, "tiled"}, {MulAlgorithm::ntt, "ntt"}, {MulAlgorithm::fft, "fft"}}
             : std::vector<std::pair<MulAlgorithm, const char*>>{
                   {MulAlgorithm::schoolbook, "schoolbook"}, {MulAlgorithm::karatsuba, "karatsuba"},
                   {MulAlgorithm::toom3, "toom3"}, {MulAlgorithm::toom4, "toom4"}, {MulAlgorithm::ntt, "ntt"}};
  std::printf("crossover in %s memory: ms of multiply(a, b, algorithm), a and b of n limbs, and of GMP's mpz_mul on "
              "one host core; '-' not timed\n",
              place_name(place));
  std::printf("%8s", "limbs");
  for (const auto& [alg, name] : algorithms) std::printf(" %12s", name);
  std::printf(" %12s  %s\n", "gmp", "automatic picks");
  for (std::size_t n = 16; n <= 131072; n = n * 3 / 2) {
    const mpz_class ga = rng.get_z_bits(32 * n), gb = rng.get_z_bits(32 * n);
    const Integer a = warpnum::from_mpz(ga, place), b = warpnum::from_mpz(gb, place);
    const mpz_class expected = ga * gb;
    std::printf("%8zu", n);
    for (const auto& [alg, name] : algorithms) {
      // Quadratic algorithms stop where they take seconds: schoolbook above 2^14 limbs, tiled above 2^15.
      if ((alg == MulAlgorithm::schoolbook && n > 16384) || (alg == MulAlgorithm::tiled && n > 32768)) {
        std::printf(" %12s", "-");
        continue;
      }
      Integer r = warpnum::multiply(a, b, alg);
      if (warpnum::to_mpz_class(r) != expected) {
        std::fprintf(stderr, "bench-huge-integer-mul: %s product of %zu limbs differs from GMP's\n", name, n);
        return 1;
      }
      std::printf(" %12.4f", median_ms([&] { r = warpnum::multiply(a, b, alg); }, reps));
    }
    mpz_class g;
    std::printf(" %12.4f", median_ms([&] { mpz_mul(g.get_mpz_t(), ga.get_mpz_t(), gb.get_mpz_t()); }, reps));
    const MulAlgorithm pick = warpnum::mul_algorithm(n, n, place);
    const char* pick_name = "?";
    for (const auto& [alg, name] : algorithms) {
      if (alg == pick) pick_name = name;
    }
    std::printf("  %s\n", pick_name);
    std::fflush(stdout);
  }
  if (device) return 0;
  // Unequal lengths, n by 4n limbs (a division's quotient pieces times its divisor): Toom-Cook against the
  // transform, which forms the whole product at once.
  std::printf("unequal lengths in host memory: ms of multiply(a, b, algorithm), a of n limbs, b of 4n\n");
  std::printf("%8s %12s %12s %12s  %s\n", "limbs", "toom4", "ntt", "gmp", "automatic picks");
  for (std::size_t n = 1369; n <= 35065; n = n * 3 / 2) {
    const mpz_class ga = rng.get_z_bits(32 * n), gb = rng.get_z_bits(32 * 4 * n);
    const Integer a = warpnum::from_mpz(ga, place), b = warpnum::from_mpz(gb, place);
    const mpz_class expected = ga * gb;
    std::printf("%8zu", n);
    for (const MulAlgorithm alg : {MulAlgorithm::toom4, MulAlgorithm::ntt}) {
      Integer r = warpnum::multiply(a, b, alg);
      if (warpnum::to_mpz_class(r) != expected) {
        std::fprintf(stderr, "bench-huge-integer-mul: product of %zu by %zu limbs differs from GMP's\n", n, 4 * n);
        return 1;
      }
      std::printf(" %12.4f", median_ms([&] { r = warpnum::multiply(a, b, alg); }, reps));
    }
    mpz_class g;
    std::printf(" %12.4f", median_ms([&] { mpz_mul(g.get_mpz_t(), ga.get_mpz_t(), gb.get_mpz_t()); }, reps));
    std::printf("  %s\n", warpnum::mul_algorithm(n, 4 * n, place) == MulAlgorithm::ntt ? "ntt" : "toom");
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> digits = {100000, 1000000, 10000000, 100000000};
  std::vector<std::size_t> text_digits = {1000000, 10000000};
  std::vector<std::size_t> div_digits = {100000, 1000000, 10000000};
  int reps = 9;
  Place place = Place::automatic;
  const char* csv_path = nullptr;
  bool crossover = false;
  bool division_variants = false;  // --division-variants: the host division's pieces and remainders, side by side
  std::vector<std::pair<warpnum::MulAlgorithm, std::string>> also;  // --algorithms: each timed beside automatic
  std::optional<warpnum::devices> over;  // --devices: multiply(devices, a, b) timed beside automatic
  std::string over_name;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--digits" && has_value) {
      digits = parse_list(argv[++i]);
    } else if (a == "--text-digits" && has_value) {
      text_digits = parse_list(argv[++i]);
    } else if (a == "--div-digits" && has_value) {
      div_digits = parse_list(argv[++i]);
    } else if (a == "--reps" && has_value) {
      reps = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--place" && has_value) {
      const std::string p = argv[++i];
      place = p == "host" ? Place::host : p == "device" ? Place::device : Place::automatic;
    } else if (a == "--csv" && has_value) {
      csv_path = argv[++i];
    } else if (a == "--crossover") {
      crossover = true;
    } else if (a == "--division-variants") {
      division_variants = true;
    } else if (a == "--devices" && has_value) {
      over_name = argv[++i];
      over = warpnum::bench::parse_device_list(over_name, "bench-huge-integer-mul");
    } else if (a == "--algorithms" && has_value) {
      const std::string list = argv[++i];
      for (std::size_t at = 0; at <= list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        const std::string name = list.substr(at, comma - at);
        const std::pair<warpnum::MulAlgorithm, const char*> known[] = {
            {warpnum::MulAlgorithm::schoolbook, "schoolbook"}, {warpnum::MulAlgorithm::karatsuba, "karatsuba"},
            {warpnum::MulAlgorithm::toom3, "toom3"}, {warpnum::MulAlgorithm::toom4, "toom4"},
            {warpnum::MulAlgorithm::tiled, "tiled"},
            {warpnum::MulAlgorithm::ntt, "ntt"}, {warpnum::MulAlgorithm::fft, "fft"}};
        bool found = false;
        for (const auto& [alg, known_name] : known) {
          if (name == known_name) {
            also.emplace_back(alg, name);
            found = true;
          }
        }
        if (!found) {
          std::fprintf(stderr, "bench-huge-integer-mul: unknown algorithm '%s' (schoolbook, karatsuba, toom3, toom4, "
                               "tiled, ntt, fft)\n", name.c_str());
          return 2;
        }
        at = comma + 1;
      }
    } else {
      std::fprintf(stderr,
                   "usage: %s [--digits d1,d2,...] [--reps N] [--place host|device|automatic] [--text-digits d,...] "
                   "[--div-digits d,...] [--csv FILE] [--crossover] [--algorithms a,b,...] [--devices all|i,j,...] "
                   "[--division-variants]\n",
                   argv[0]);
      return a == "--help" ? 0 : 2;
    }
  }
  std::FILE* csv = csv_path != nullptr ? std::fopen(csv_path, "w") : nullptr;
  if (csv != nullptr) std::fprintf(csv, "operation,digits,limbs,place,warpnum_ms,gmp_ms,algorithm\n");

  gmp_randclass rng(gmp_randinit_mt);
  rng.seed(20261125);
  const Integer probe(1, place);
  std::printf("bench-huge-integer-mul: Integer in %s memory; GMP %s, one core\n", place_name(probe.place()),
              gmp_version);
  if (crossover) return run_crossover(probe.place(), reps, rng);
  std::printf("%-10s %12s %10s %12s %12s %9s  %s\n", "operation", "digits", "limbs", "warpnum ms", "GMP ms",
              "GMP/ours", "algorithm");
  for (const std::size_t d : digits) {
    const mpz_class ga = random_digits(d, rng);
    const mpz_class gb = random_digits(d, rng);
    const Integer a = warpnum::from_mpz(ga, place);
    const Integer b = warpnum::from_mpz(gb, place);
    const char* algorithm = "";
    switch (warpnum::mul_algorithm(a.size(), b.size(), a.place())) {
      case warpnum::MulAlgorithm::schoolbook: algorithm = "schoolbook"; break;
      case warpnum::MulAlgorithm::karatsuba: algorithm = "karatsuba"; break;
      case warpnum::MulAlgorithm::toom3: algorithm = "toom3"; break;
      case warpnum::MulAlgorithm::toom4: algorithm = "toom4"; break;
      case warpnum::MulAlgorithm::tiled: algorithm = "tiled"; break;
      case warpnum::MulAlgorithm::ntt: algorithm = "ntt"; break;
      case warpnum::MulAlgorithm::fft: algorithm = "fft"; break;
      default: algorithm = "?"; break;
    }
    for (const bool square : {false, true}) {
      const Integer& y = square ? a : b;
      const mpz_class& gy = square ? ga : gb;
      mpz_class expected;
      const auto g0 = clock_type::now();
      mpz_mul(expected.get_mpz_t(), ga.get_mpz_t(), gy.get_mpz_t());
      const double gmp_first = std::chrono::duration<double, std::milli>(clock_type::now() - g0).count();
      Integer product = square ? sqr(a) : a * y;  // untimed: checked against GMP
      if (warpnum::to_mpz_class(product) != expected) {
        std::fprintf(stderr, "bench-huge-integer-mul: %s of %zu digits differs from GMP's\n", square ? "sqr" : "mul", d);
        return 1;
      }
      const double ours = median_ms([&] { product = square ? sqr(a) : a * y; }, reps);
      const int gmp_reps = gmp_first > 500 ? 1 : (gmp_first > 50 ? 3 : reps);
      const double gmp = gmp_reps == 1 ? gmp_first
                                       : median_ms([&] { mpz_mul(expected.get_mpz_t(), ga.get_mpz_t(), gy.get_mpz_t()); },
                                                   gmp_reps);
      const char* op = square ? "sqr" : "mul";
      std::printf("%-10s %12zu %10zu %12.3f %12.3f %9.1f  %s\n", op, d, a.size(), ours, gmp, gmp / ours, algorithm);
      std::fflush(stdout);
      if (csv != nullptr) std::fprintf(csv, "%s,%zu,%zu,%s,%.6f,%.6f,%s\n", op, d, a.size(), place_name(a.place()), ours, gmp, algorithm);
      // The same product another way (--devices, --algorithms), checked against GMP, timed the same way, printed
      // with `label`. False where it differs.
      const auto time_also = [&](const std::string& label, auto&& multiply) {
        Integer r = multiply();
        if (warpnum::to_mpz_class(r) != expected) {
          std::fprintf(stderr, "bench-huge-integer-mul: %s by %s of %zu digits differs from GMP's\n", op,
                       label.c_str(), d);
          return false;
        }
        const double t = median_ms([&] { r = multiply(); }, reps);
        std::printf("%-10s %12zu %10zu %12.3f %12.3f %9.1f  %s\n", op, d, a.size(), t, gmp, gmp / t, label.c_str());
        std::fflush(stdout);
        if (csv != nullptr) {
          std::fprintf(csv, "%s,%zu,%zu,%s,%.6f,%.6f,%s\n", op, d, a.size(), place_name(a.place()), t, gmp,
                       label.c_str());
        }
        return true;
      };
      if (over && !time_also("devices " + over_name, [&] { return warpnum::multiply(*over, a, y); })) return 1;
      for (const auto& [alg, name] : also) {
        if (!time_also(name + " (asked)", [&, alg = alg] { return warpnum::multiply(a, y, alg); })) return 1;
      }
    }
  }
  for (const std::size_t d : text_digits) {
    const mpz_class g = random_digits(d, rng);
    const Integer x = warpnum::from_mpz(g, place);
    // One untimed call of each, checked against GMP, then the timed ones.
    std::string text = warpnum::to_string(x);
    if (text != g.get_str()) {
      std::fprintf(stderr, "bench-huge-integer-mul: to_string of %zu digits differs from GMP's\n", d);
      return 1;
    }
    const double ours_out = median_ms([&] { text = warpnum::to_string(x); }, reps);
    Integer back(text, 10, place);
    if (warpnum::to_mpz_class(back) != g) {
      std::fprintf(stderr, "bench-huge-integer-mul: parsing %zu digits differs from GMP's\n", d);
      return 1;
    }
    const double ours_in = median_ms([&] { back = Integer(text, 10, place); }, reps);
    std::string gtext;
    const double gmp_out = median_ms([&] { gtext = g.get_str(); }, 1);
    mpz_class gback;
    const double gmp_in = median_ms([&] { gback.set_str(gtext, 10); }, 1);
    std::printf("%-10s %12zu %10zu %12.3f %12.3f %9.1f\n", "to_string", d, x.size(), ours_out, gmp_out, gmp_out / ours_out);
    std::printf("%-10s %12zu %10zu %12.3f %12.3f %9.1f\n", "parse", d, x.size(), ours_in, gmp_in, gmp_in / ours_in);
    if (csv != nullptr) {
      std::fprintf(csv, "to_string,%zu,%zu,%s,%.6f,%.6f,\n", d, x.size(), place_name(x.place()), ours_out, gmp_out);
      std::fprintf(csv, "parse,%zu,%zu,%s,%.6f,%.6f,\n", d, x.size(), place_name(x.place()), ours_in, gmp_in);
    }
    if (x.place() == Place::device) {
      // The same conversions node by node (radix_conversion.hpp's divide and conquer, each node's operations on
      // the device and the small subtrees on the host's cores), which the device used before whole levels.
      const int node_reps = std::min(reps, 3);  // a quarter of a second each at 10^7 digits
      text = warpnum::huge::to_text_nonnegative(x, 10);  // untimed, as every row's first call
      back = warpnum::huge::from_text_nonnegative(text, 10, Integer(Place::device));
      const double node_out = median_ms([&] { text = warpnum::huge::to_text_nonnegative(x, 10); }, node_reps);
      const double node_in =
          median_ms([&] { back = warpnum::huge::from_text_nonnegative(text, 10, Integer(Place::device)); }, node_reps);
      if (text != gtext || warpnum::to_mpz_class(back) != g) {
        std::fprintf(stderr, "bench-huge-integer-mul: node-by-node text of %zu digits differs from GMP's\n", d);
        return 1;
      }
      std::printf("%-10s %12zu %10zu %12.3f %12.3f %9.1f  node by node\n", "to_string", d, x.size(), node_out, gmp_out,
                  gmp_out / node_out);
      std::printf("%-10s %12zu %10zu %12.3f %12.3f %9.1f  node by node\n", "parse", d, x.size(), node_in, gmp_in,
                  gmp_in / node_in);
      if (csv != nullptr) {
        std::fprintf(csv, "to_string,%zu,%zu,device,%.6f,%.6f,node by node\n", d, x.size(), node_out, gmp_out);
        std::fprintf(csv, "parse,%zu,%zu,device,%.6f,%.6f,node by node\n", d, x.size(), node_in, gmp_in);
      }
    }
  }
  for (const std::size_t d : div_digits) {
    // 2d digits by d digits: a quotient as long as the divisor, the case Newton's reciprocal serves.
    const mpz_class ga = random_digits(2 * d, rng);
    const mpz_class gb = random_digits(d, rng);
    const Integer a = warpnum::from_mpz(ga, place);
    const Integer b = warpnum::from_mpz(gb, place);
    mpz_class gq;
    mpz_class gr;
    const auto g0 = clock_type::now();
    mpz_fdiv_qr(gq.get_mpz_t(), gr.get_mpz_t(), ga.get_mpz_t(), gb.get_mpz_t());
    const double gmp_first = std::chrono::duration<double, std::milli>(clock_type::now() - g0).count();
    warpnum::IntegerDivResult qr = warpnum::divmod_floor(a, b);  // untimed: checked against GMP
    if (warpnum::to_mpz_class(qr.quot) != gq || warpnum::to_mpz_class(qr.rem) != gr) {
      std::fprintf(stderr, "bench-huge-integer-mul: divmod of %zu by %zu digits differs from GMP's\n", 2 * d, d);
      return 1;
    }
    const int div_reps = std::max(1, d >= 10000000 ? std::min(reps, 3) : reps);
    const double ours = median_ms([&] { qr = warpnum::divmod_floor(a, b); }, div_reps);
    const int gmp_reps = gmp_first > 500 ? 1 : (gmp_first > 50 ? 3 : reps);
    const double gmp = gmp_reps == 1 ? gmp_first
                                     : median_ms([&] { mpz_fdiv_qr(gq.get_mpz_t(), gr.get_mpz_t(), ga.get_mpz_t(),
                                                                   gb.get_mpz_t()); },
                                                 gmp_reps);
    // The unit: the product of two different d-digit numbers, the quotient times the divisor (a square, b * b, takes
    // one forward transform fewer).
    Integer product;
    const double mul = median_ms([&] { product = qr.quot * b; }, reps);
    // The reciprocal alone, of b 2^8 to n + 8 bits, as the division prepares b for a quotient as long as b.
    const std::size_t n = b.bit_width();
    const double recip = median_ms([&] { product = warpnum::huge::reciprocal<Integer>(b << 8, n + 8); }, div_reps);
    std::printf("%-10s %12zu %10zu %12.3f %12.3f %9.2f  %.1f products of d digits (%.3f ms); the reciprocal alone %.3f "
                "ms\n", "divmod", d, b.size(), ours, gmp, gmp / ours, ours / mul, mul, recip);
    std::fflush(stdout);
    if (csv != nullptr) {
      std::fprintf(csv, "divmod,%zu,%zu,%s,%.6f,%.6f,product_ms=%.6f reciprocal_ms=%.6f\n", d, b.size(),
                   place_name(b.place()), ours, gmp, mul, recip);
    }
    if (division_variants && b.place() == Place::host && !print_division_variants(a, b, gq, gr, gmp, div_reps)) {
      return 1;
    }
  }
  if (csv != nullptr) std::fclose(csv);
  return 0;
}
