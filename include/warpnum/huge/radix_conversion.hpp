// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/radix_conversion.hpp: conversion of nonnegative integers to and from digits in a base from 2 to
// 36. Power-of-two bases regroup the limbs' bits (linear time); other bases divide and conquer on the powers
// base^(w 2^i) with Newton division (newton_division.hpp) and the number type's multiply: O(M(n) log n). Host code
// over NumberTraits<N>; levels below NumberTraits<N>::host_limbs run in host memory.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/huge/detail/limb_vectors.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/huge/radix_digits.hpp>
#include <warpnum/huge/number_traits.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace warpnum::huge {

/// The largest power of a base (2 to 36) that fits a limb, and its exponent: base^digits = value.
struct RadixWord {
  std::uint32_t value = 1;
  std::size_t digits = 0;
};
constexpr RadixWord radix_word(int base) noexcept {
  RadixWord w;
  const auto b = static_cast<std::uint64_t>(base);
  while (static_cast<std::uint64_t>(w.value) * b <= 0xffffffffu) {
    w.value = static_cast<std::uint32_t>(w.value * b);
    ++w.digits;
  }
  return w;
}

/// Words of a leaf of the divide and conquer (converted by word divisions on host limbs, O(leaf^2)).
inline constexpr std::size_t radix_leaf_words = 32;

/// The digits of |limbs| in a power-of-two base (2, 4, 8, 16, 32), most significant first, no leading zeros
/// ("0" for zero).
inline std::string limbs_to_text_power_of_two(std::span<const std::uint32_t> limbs, int base) {
  const int b = std::countr_zero(static_cast<unsigned>(base));
  std::size_t n = limbs.size();
  while (n > 0 && limbs[n - 1] == 0) --n;
  if (n == 0) return "0";
  const std::size_t bits = 32 * n - static_cast<std::size_t>(std::countl_zero(limbs[n - 1]));
  const std::size_t count = (bits + b - 1) / b;
  std::string out(count, '0');
  const std::uint32_t mask = (1u << b) - 1;
  for (std::size_t j = 0; j < count; ++j) {
    const std::size_t pos = j * b;
    const std::size_t idx = pos / 32;
    const std::size_t off = pos % 32;
    std::uint64_t v = limbs[idx] >> off;
    if (off + b > 32 && idx + 1 < n) v |= static_cast<std::uint64_t>(limbs[idx + 1]) << (32 - off);
    out[count - 1 - j] = radix_digit_char(static_cast<unsigned>(v & mask));
  }
  return out;
}

/// The limbs of digits (each a valid digit of the power-of-two base) in a power-of-two base.
inline std::vector<std::uint32_t> text_to_limbs_power_of_two(std::string_view digits, int base) {
  const int b = std::countr_zero(static_cast<unsigned>(base));
  const std::size_t count = digits.size();
  std::vector<std::uint32_t> limbs((count * b + 31) / 32 + 1, 0);
  for (std::size_t j = 0; j < count; ++j) {
    const auto v = static_cast<std::uint64_t>(radix_digit_value(digits[count - 1 - j]));
    const std::size_t pos = j * b;
    const std::size_t idx = pos / 32;
    const std::size_t off = pos % 32;
    const std::uint64_t shifted = v << off;
    limbs[idx] |= static_cast<std::uint32_t>(shifted);
    if (shifted >> 32 != 0) limbs[idx + 1] |= static_cast<std::uint32_t>(shifted >> 32);
  }
  detail::trim_limbs(limbs);
  return limbs;
}

/// Writes exactly out.size() digits of |limbs| (which must fit) in any base, padded with leading zeros: word
/// divisions by base^digits (radix_word), O(n^2).
inline void limbs_to_digits_padded(std::vector<std::uint32_t> limbs, int base, std::span<char> out) {
  const RadixWord w = radix_word(base);
  std::size_t end = out.size();
  while (end > 0) {
    std::uint32_t word = limbs.empty() ? 0 : detail::divmod_limb_inplace(limbs, w.value);
    const std::size_t take = std::min(end, w.digits);
    for (std::size_t i = 0; i < take; ++i) {
      out[--end] = radix_digit_char(word % static_cast<std::uint32_t>(base));
      word /= static_cast<std::uint32_t>(base);
    }
  }
}

/// The limbs of digits (each valid in the base), by Horner's rule on words of base^digits, O(n^2).
inline std::vector<std::uint32_t> digits_to_limbs(std::string_view digits, int base) {
  const RadixWord w = radix_word(base);
  std::vector<std::uint32_t> limbs;
  std::size_t pos = 0;
  std::size_t first = digits.size() % w.digits;
  if (first == 0) first = w.digits;
  while (pos < digits.size()) {
    const std::size_t take = pos == 0 ? first : w.digits;
    std::uint32_t word = 0;
    std::uint32_t scale = 1;
    for (std::size_t i = 0; i < take; ++i) {
      word = word * static_cast<std::uint32_t>(base) + static_cast<std::uint32_t>(radix_digit_value(digits[pos + i]));
      scale *= static_cast<std::uint32_t>(base);
    }
    detail::mul_add_limb_inplace(limbs, scale, word);
    pos += take;
  }
  detail::trim_limbs(limbs);
  return limbs;
}

/// base^(words * radix_word(base).digits) on host limbs: the leaves' power P_0.
inline std::vector<std::uint32_t> radix_leaf_power(int base, std::size_t words = radix_leaf_words) {
  std::vector<std::uint32_t> p{1};
  for (std::size_t i = 0; i < words; ++i) detail::mul_add_limb_inplace(p, radix_word(base).value, 0);
  return p;
}

namespace detail {

/// One level of the divide and conquer: the power P_i = P_0^(2^i) and how to divide by it.
template <class N> struct RadixLevel {
  N power;
  bool on_host = true;
  bool newton = false;
  NewtonDivisor<N> divisor;
};

template <class N> DivResult<N> divmod_level(const N& x, const RadixLevel<N>& level) {
  return level.newton ? divmod_newton(x, level.divisor) : divmod_limbwise(x, level.power);
}

/// A subtree of the divide and conquer whose number has just moved to the host: converted on a host thread.
template <class N> struct RadixHostJob {
  N x;
  std::size_t level = 0;
  char* out = nullptr;
};

/// Writes the 2 (leaf digits) 2^i digits of x < P_i^2 into out, padded with leading zeros. A number that moves
/// to the host here becomes a job in `jobs` where that is given.
template <class N>
void write_digits(const N& x, std::size_t i, const std::vector<RadixLevel<N>>& levels, int base, char* out,
                  std::size_t leaf_digits, std::vector<RadixHostJob<N>>* jobs) {
  using Traits = NumberTraits<N>;
  const std::size_t half = leaf_digits << i;
  if (Traits::sign(x) == 0) {
    std::fill(out, out + 2 * half, '0');
    return;
  }
  if (levels[i].on_host && !Traits::on_host(x)) {
    RadixHostJob<N> job{Traits::to_host(x), i, out};
    if (jobs != nullptr) {
      jobs->push_back(std::move(job));
    } else {
      write_digits(job.x, i, levels, base, out, leaf_digits, static_cast<std::vector<RadixHostJob<N>>*>(nullptr));
    }
    return;
  }
  const DivResult<N> qr = divmod_level(x, levels[i]);
  if (i == 0) {
    limbs_to_digits_padded(Traits::limbs(qr.quot), base, std::span<char>(out, half));
    limbs_to_digits_padded(Traits::limbs(qr.rem), base, std::span<char>(out + half, half));
    return;
  }
  write_digits(qr.quot, i - 1, levels, base, out, leaf_digits, jobs);
  write_digits(qr.rem, i - 1, levels, base, out + half, leaf_digits, jobs);
}

/// Calls f(j) for every j < n on the host's cores; rethrows the first exception.
template <class F> void parallel_on_host(std::size_t n, F&& f) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (std::size_t j = next++; j < n; j = next++) {
      try {
        f(j);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    }
  };
  const std::size_t threads = std::min<std::size_t>(n, std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

/// Runs the host jobs on the host's cores (each writes its own part of the text).
template <class N>
void run_host_jobs(std::vector<RadixHostJob<N>>& jobs, const std::vector<RadixLevel<N>>& levels, int base,
                   std::size_t leaf_digits) {
  parallel_on_host(jobs.size(), [&](std::size_t j) {
    write_digits(jobs[j].x, jobs[j].level, levels, base, jobs[j].out, leaf_digits,
                 static_cast<std::vector<RadixHostJob<N>>*>(nullptr));
    jobs[j].x = N();
  });
}

}  // namespace detail

/// The digits of x >= 0 in a base from 2 to 36, most significant first, no leading zeros ("0" for zero).
/// Divide and conquer (Brent, Zimmermann, "Modern Computer Arithmetic", 1.7, Alg. 1.26): x < P_L^2 splits into
/// x div P_L and x mod P_L, each converted at level L - 1, down to leaves of radix_leaf_words words.
template <class N> std::string to_text_nonnegative(const N& x, int base) {
  using Traits = NumberTraits<N>;
  if (Traits::sign(x) == 0) return "0";
  if (std::has_single_bit(static_cast<unsigned>(base))) return limbs_to_text_power_of_two(Traits::limbs(x), base);
  const std::size_t leaf_digits = radix_leaf_words * radix_word(base).digits;
  const std::vector<std::uint32_t> p0 = radix_leaf_power(base);
  const std::size_t bits = Traits::bit_width(x);
  std::string out;
  if (bits < 32 * (p0.size() - 1)) {
    out.assign(leaf_digits, '0');
    limbs_to_digits_padded(Traits::limbs(x), base, out);
  } else {
    std::vector<detail::RadixLevel<N>> levels;
    N power = Traits::from_limbs(p0, x);
    for (;;) {
      detail::RadixLevel<N> level;
      const std::size_t n = Traits::bit_width(power);
      level.on_host = Traits::on_host(x) || n / 32 < Traits::host_limbs;
      level.power = level.on_host && !Traits::on_host(power) ? Traits::to_host(power) : power;
      level.newton = (n + 31) / 32 > newton_division_base_limbs;
      if (level.newton) level.divisor = make_newton_divisor(level.power, n + 1);
      levels.push_back(std::move(level));
      if (2 * (n - 1) >= bits) break;
      power = Traits::sqr(power);
    }
    const std::size_t top = levels.size() - 1;
    out.assign(2 * (leaf_digits << top), '0');
    // Levels on the device run here, one after another; the subtrees that reach the host run on its cores.
    std::vector<detail::RadixHostJob<N>> jobs;
    detail::write_digits(x, top, levels, base, out.data(), leaf_digits, &jobs);
    detail::run_host_jobs(jobs, levels, base, leaf_digits);
  }
  const std::size_t first = out.find_first_not_of('0');
  return first == std::string::npos ? std::string("0") : out.substr(first);
}

/// The value of digits (each valid in the base, 2 to 36; at least one), where `like` lives. Power-of-two bases
/// regroup bits; others combine leaves pairwise as high P_i + low (the reverse of to_text_nonnegative).
template <class N> N from_text_nonnegative(std::string_view digits, int base, const N& like) {
  using Traits = NumberTraits<N>;
  if (std::has_single_bit(static_cast<unsigned>(base))) {
    return Traits::from_limbs(text_to_limbs_power_of_two(digits, base), like);
  }
  const N host_like = Traits::on_host(like) ? like : Traits::to_host(like);
  const std::size_t leaf_digits = radix_leaf_words * radix_word(base).digits;
  // Leaves, least significant first; the last one holds what is left at the front.
  std::vector<N> values;
  values.reserve(digits.size() / leaf_digits + 1);
  for (std::size_t end = digits.size(); end > 0;) {
    const std::size_t begin = end > leaf_digits ? end - leaf_digits : 0;
    values.push_back(Traits::from_limbs(digits_to_limbs(digits.substr(begin, end - begin), base), host_like));
    end = begin;
  }
  N power = Traits::from_limbs(radix_leaf_power(base), host_like);
  while (values.size() > 1) {
    const bool on_host = Traits::bit_width(power) / 32 < Traits::host_limbs || Traits::on_host(like);
    if (!on_host && Traits::on_host(power)) power = Traits::to_place_of(power, like);
    std::vector<N> next(values.size() / 2 + values.size() % 2);
    auto combine = [&](std::size_t j) {
      const N high = on_host ? std::move(values[2 * j + 1]) : Traits::to_place_of(values[2 * j + 1], like);
      const N low = on_host ? std::move(values[2 * j]) : Traits::to_place_of(values[2 * j], like);
      next[j] = high * power + low;
    };
    if (on_host && Traits::bit_width(power) / 32 < Traits::host_limbs) {
      detail::parallel_on_host(values.size() / 2, combine);  // levels below a device's: on the host's cores
    } else {
      for (std::size_t j = 0; j < values.size() / 2; ++j) combine(j);
    }
    if (values.size() % 2 == 1) next.back() = std::move(values.back());
    values = std::move(next);
    if (values.size() > 1) power = Traits::sqr(power);
  }
  return Traits::to_place_of(values[0], like);
}

}  // namespace warpnum::huge
