// SPDX-License-Identifier: Apache-2.0
// examples/pi_digits.cpp: digits of pi by the Chudnovsky series with binary splitting, in warpnum::Integer
// arithmetic on the GPU (small parts of the series on the host's cores), then sqrt(10005) and the final division by
// Newton's iteration and the decimal conversion by divide and conquer, all on the GPU's transform multiply.
//
//   warpnum-pi-digits [DIGITS] [--check] [--verify] [--cpu] [--output FILE] [--threads T] [--device-limbs L]
//                     [--gpu-series packed|queued|waiting] [--streams S] [--profile]
//
// DIGITS (default 10^6) decimals after the point. --check computes the same digits with GMP on the CPU by the same
// series and compares every digit; --verify checks every digit without GMP (verify_pi); --cpu runs everything on
// Place::host; --output writes "3.1415..." to FILE;
// --profile prints the series' time level by level.
// Progress goes to stderr, the timings of each stage to stdout.
//
// What to take from it:
//  - Binary splitting makes the series' sum a few huge products: P, Q, T of a range of terms come from those of
//    its halves (Q = Q1 Q2, P = P1 P2, T = T1 Q2 + P1 T2). The ranges' numbers grow from a few words at the leaves
//    to millions of limbs at the top: leaves and low levels run on the host's cores (a device operation costs a
//    launch), and from the level whose largest Q has --device-limbs limbs the series moves to the GPU.
//  - On the GPU every level is a few batches (PackedIntegers, --gpu-series packed, the default): the level's P, Q
//    and T each packed in one allocation, and Q1 Q2, P1 P2, T1 Q2 and P1 T2 of all its pairs each one
//    multiply_each (one launch of the tiled convolution for all the small products, the transform for each large
//    one, one carry pass for all), T1 Q2 + P1 T2 one add_each. The other modes, for comparison: each pair's
//    operations queued as AsyncIntegers on S streams in turn (queued, --streams S, default 8), or run as Integers,
//    each waiting (waiting).
//  - The generic algorithms of include/warpnum/huge/ (isqrt, Newton division) work on Integer and mpz_class alike.
#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/huge/newton_sqrt.hpp>
#include <warpnum/huge/number_traits.hpp>
#include <warpnum/async_integer.hpp>
#include <warpnum/integer.hpp>
#include <warpnum/packed_integers.hpp>

#include <gmpxx.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <functional>
#include <span>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

using warpnum::Integer;
using warpnum::Place;
using Clock = std::chrono::steady_clock;

constexpr double digits_per_term = 14.181647462725477;  // log10(640320^3 / 1728)
constexpr std::size_t guard_digits = 16;  // computed beyond the digits shown, so that rounding cannot reach them
constexpr const char* known_prefix = "3.14159265358979323846264338327950288419716939937510";

// ---- progress on stderr ----

class Progress {
 public:
  explicit Progress(const char* who) : who_(who), start_(Clock::now()) {}
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  /// "who: stage  pct%  (elapsed s)", at most every half second unless `force`.
  void show(const std::string& stage, double fraction, bool force = false) {
    const auto now = Clock::now();
    if (!force && now < next_) return;
    next_ = now + std::chrono::milliseconds(500);
    std::fprintf(stderr, "\r  %s: %-34s %5.1f%%  (%.1f s)   ", who_, stage.c_str(), 100.0 * fraction, elapsed());
    if (force && fraction >= 1.0) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  }

 private:
  const char* who_;
  Clock::time_point start_;
  Clock::time_point next_{};
};

/// Calls f(i) for i < n on `threads` host threads (a shared counter hands out the indices).
void parallel_for(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& f) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr error;
  std::atomic<bool> failed{false};
  auto work = [&] {
    for (std::size_t i = next++; i < n && !failed.load(); i = next++) {
      try {
        f(i);
      } catch (...) {
        if (!failed.exchange(true)) error = std::current_exception();
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::min<std::size_t>(threads, n); ++t) pool.emplace_back(work);
  work();
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

// ---- the series, generic over the number type (warpnum::Integer or mpz_class) ----

/// P, Q, T of a range of terms [a, b): the range's sum is T / Q (times 1 / (426880 sqrt(10005)) for pi).
template <class N> struct Split {
  N p, q, t;
};

template <class N> N from_int128(unsigned __int128 v, bool negative, const N& like) {
  const std::uint32_t limbs[4] = {static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(v >> 32),
                                  static_cast<std::uint32_t>(v >> 64), static_cast<std::uint32_t>(v >> 96)};
  N x = warpnum::huge::NumberTraits<N>::from_limbs(limbs, like);
  if (negative) x = -x;
  return x;
}

/// The term k alone: p(k) = (6k-5)(2k-1)(6k-1), q(k) = k^3 640320^3 / 24, t(k) = (-1)^k p(k) (13591409 +
/// 545140134 k); p = q = 1 for k = 0. In 128-bit words while they fit (k < 2^21), else in N.
template <class N> Split<N> leaf(std::uint64_t k, const N& like) {
  using Traits = warpnum::huge::NumberTraits<N>;
  constexpr std::uint64_t c3_24 = 10939058860032000ull;
  if (k == 0) return {Traits::from_uint(1, like), Traits::from_uint(1, like), Traits::from_uint(13591409, like)};
  if (k < (std::uint64_t{1} << 21)) {
    using u128 = unsigned __int128;
    const u128 p = static_cast<u128>(6 * k - 5) * (2 * k - 1) * (6 * k - 1);
    const u128 q = static_cast<u128>(k) * k * k * c3_24;
    const u128 t = p * (13591409 + static_cast<u128>(545140134) * k);
    return {from_int128<N>(p, false, like), from_int128<N>(q, false, like), from_int128<N>(t, k % 2 == 1, like)};
  }
  const N kk = Traits::from_uint(k, like);
  N p = Traits::from_uint(6 * k - 5, like) * Traits::from_uint(2 * k - 1, like) * Traits::from_uint(6 * k - 1, like);
  N q = kk * kk * kk * Traits::from_uint(c3_24, like);
  N t = p * (Traits::from_uint(13591409, like) + Traits::from_uint(545140134, like) * kk);
  if (k % 2 == 1) t = -t;
  return {std::move(p), std::move(q), std::move(t)};
}

/// The range [a, b) from its halves; P only where a range to its right still needs it.
template <class N> Split<N> combine(const Split<N>& left, const Split<N>& right, bool need_p) {
  Split<N> out;
  out.t = left.t * right.q + left.p * right.t;
  out.q = left.q * right.q;
  if (need_p) out.p = left.p * right.p;
  return out;
}

template <class N> Split<N> split_range(std::uint64_t a, std::uint64_t b, bool need_p, const N& like) {
  if (b - a == 1) return leaf<N>(a, like);
  const std::uint64_t m = a + (b - a) / 2;
  return combine(split_range<N>(a, m, true, like), split_range<N>(m, b, need_p, like), need_p);
}

/// A range's P, Q, T on the GPU as AsyncIntegers: queued on a stream, nothing waits for them until the end.
struct DeviceSplit {
  warpnum::AsyncInteger p, q, t;
};

/// combine() queued on `stream`. T1 Q2 + P1 T2 is a sum whose sign is known when it is queued: T > 0 in every range
/// of whole chunks (series_packed says why) and P > 0, so both terms are positive.
DeviceSplit combine_queued(DeviceSplit& left, DeviceSplit& right, bool need_p, warpnum::stream_handle stream) {
  for (warpnum::AsyncInteger* x : {&left.p, &left.q, &left.t, &right.p, &right.q, &right.t}) x->continue_on(stream);
  DeviceSplit out;
  out.t = left.t * right.q + left.p * right.t;
  out.q = left.q * right.q;
  if (need_p) out.p = left.p * right.p;
  return out;
}

/// How the series runs on the GPU (main's --gpu-series, --streams).
struct GpuSeries {
  enum class Mode { packed, queued, waiting } mode = Mode::packed;
  std::vector<warpnum::Stream> streams;  // packed: the first; queued: all, in turn
};

/// The levels of `nodes` from here to the root on the GPU, each level a few batches (PackedIntegers) on `stream`.
/// The count is padded to a power of two with ranges of no terms (P = Q = 1, T = 0), which combine with a range to
/// its left into that range, so every level pairs up. T > 0 in every range (the first term's sign, + for chunks that
/// start at an even term, dominates), so T1 Q2 and P1 T2 have one sign and add_each adds them.
Split<Integer> series_packed(std::vector<Split<Integer>>& nodes, std::size_t first_level, std::size_t levels,
                             warpnum::stream_handle stream, bool profile, Progress& progress) {
  std::size_t n = 1;
  while (n < nodes.size()) n *= 2;
  std::vector<Integer> ps(n), qs(n), ts(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (i < nodes.size()) {
      ps[i] = std::move(nodes[i].p);
      qs[i] = std::move(nodes[i].q);
      ts[i] = std::move(nodes[i].t);
    } else {
      ps[i] = Integer(1, Place::host);
      qs[i] = Integer(1, Place::host);
    }
  }
  nodes.clear();
  auto t0 = Clock::now();
  warpnum::PackedIntegers p(ps, Place::device, stream), q(qs, Place::device, stream), t(ts, Place::device, stream);
  ps.clear();
  qs.clear();
  ts.clear();
  if (profile) {
    std::printf("series: %zu ranges packed to the GPU: %.1f ms\n", n,
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  for (std::size_t level = first_level; p.size() > 1; ++level) {
    progress.show("series: level " + std::to_string(level + 1) + " of " + std::to_string(levels),
                  double(level) / levels, true);
    t0 = Clock::now();
    std::vector<std::size_t> left(p.size() / 2), right(p.size() / 2);
    for (std::size_t j = 0; j < left.size(); ++j) {
      left[j] = 2 * j;
      right[j] = 2 * j + 1;
    }
    const warpnum::PackedIntegers tq = multiply_each(t, left, q, right);
    const warpnum::PackedIntegers pt = multiply_each(p, left, t, right);
    t = add_each(tq, pt);
    q = multiply_each(q, left, q, right);
    p = left.size() > 1 ? multiply_each(p, left, p, right) : warpnum::PackedIntegers();
    if (profile) {
      std::printf("series: level %2zu: %6zu pairs in 4 batched products and 1 batched sum (%8.1f ms to queue)\n",
                  level + 1, left.size(), std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
  }
  t0 = Clock::now();
  Split<Integer> root{Integer(), q.get(0), t.get(0)};
  if (profile) {
    std::printf("series: waiting for the GPU's batches: %.1f ms\n",
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  return root;
}

/// P, Q, T of [0, terms): chunks of `chunk` terms on the host's threads, then levels of pairs, which move to
/// `big` (Place::device for Integer on the GPU) once their Q has device_limbs limbs. On the GPU: by batches
/// (series_packed) from the first level whose largest Q has device_limbs limbs; or pair by pair, each pair's
/// operations queued on the streams in turn (AsyncInteger: no waits, so small products of different pairs overlap)
/// before the host's threads take the level's small pairs, the device waited for once, for the last range; or pair
/// by pair as Integers.
template <class N>
Split<N> series(std::uint64_t terms, unsigned threads, std::size_t device_limbs, const N& host, const N* big,
                const GpuSeries& gpu, bool profile, Progress& progress) {
  using Traits = warpnum::huge::NumberTraits<N>;
  constexpr bool can_queue = std::is_same_v<N, Integer>;
  constexpr std::uint64_t chunk = 16;
  const std::size_t chunks = static_cast<std::size_t>((terms + chunk - 1) / chunk);
  std::vector<Split<N>> nodes(chunks);
  std::vector<DeviceSplit> queued(chunks);  // where on_device: the node's value
  std::vector<char> on_device(chunks, 0);
  std::atomic<std::size_t> done{0};
  auto mark = Clock::now();
  auto lap = [&mark] {
    const auto now = Clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - mark).count();
    mark = now;
    return ms;
  };
  progress.show("series: leaves", 0, true);
  std::thread::id main_thread = std::this_thread::get_id();
  parallel_for(chunks, threads, [&](std::size_t i) {
    const std::uint64_t a = i * chunk;
    const std::uint64_t b = std::min<std::uint64_t>(terms, a + chunk);
    nodes[i] = split_range<N>(a, b, i + 1 < chunks, host);
    ++done;
    if (std::this_thread::get_id() == main_thread) progress.show("series: leaves", double(done) / chunks);
  });
  if (profile) {
    std::printf("series: %zu leaves of %llu terms: %.1f ms\n", chunks, static_cast<unsigned long long>(chunk), lap());
  }
  std::size_t levels = 0;
  for (std::size_t n = chunks; n > 1; n = (n + 1) / 2) ++levels;
  for (std::size_t level = 0; nodes.size() > 1; ++level) {
    if constexpr (can_queue) {
      if (big != nullptr && gpu.mode == GpuSeries::Mode::packed) {
        std::size_t largest = 0;
        for (const Split<N>& s : nodes) largest = std::max(largest, Traits::bit_width(s.q) / 32);
        if (largest >= device_limbs) {
          Split<N> root = series_packed(nodes, level, levels, gpu.streams.front().get(), profile, progress);
          progress.show("series", 1.0, true);
          return root;
        }
      }
    }
    const std::string stage = "series: level " + std::to_string(level + 1) + " of " + std::to_string(levels);
    progress.show(stage, double(level) / levels, true);
    const std::size_t pairs = nodes.size() / 2;
    const std::size_t count = pairs + nodes.size() % 2;
    std::vector<Split<N>> next(count);
    std::vector<DeviceSplit> next_queued(count);
    std::vector<char> next_on_device(count, 0);
    std::vector<std::size_t> on_big;
    std::vector<std::size_t> on_host;
    for (std::size_t j = 0; j < pairs; ++j) {
      const bool is_big = big != nullptr && (on_device[2 * j] != 0 || on_device[2 * j + 1] != 0 ||
                                             Traits::bit_width(nodes[2 * j].q) / 32 >= device_limbs);
      (is_big ? on_big : on_host).push_back(j);
    }
    auto need_p = [&](std::size_t j) { return 2 * j + 2 < nodes.size(); };  // the last node never has a right range
    auto pair = [&](std::size_t j) {
      next[j] = combine(nodes[2 * j], nodes[2 * j + 1], need_p(j));
      nodes[2 * j] = Split<N>{};
      nodes[2 * j + 1] = Split<N>{};
    };
    // The GPU's pairs first, so that its work overlaps the host's pairs below.
    lap();
    for (std::size_t j : on_big) {
      if constexpr (can_queue) {
        if (gpu.mode == GpuSeries::Mode::queued) {
          const warpnum::stream_handle stream = gpu.streams[j % gpu.streams.size()].get();
          for (std::size_t c : {2 * j, 2 * j + 1}) {
            if (on_device[c] != 0) continue;
            Split<N>& s = nodes[c];
            queued[c] = DeviceSplit{warpnum::AsyncInteger(s.p.to(Place::device), stream),
                                    warpnum::AsyncInteger(s.q.to(Place::device), stream),
                                    warpnum::AsyncInteger(s.t.to(Place::device), stream)};
            s = Split<N>{};
          }
          next_queued[j] = combine_queued(queued[2 * j], queued[2 * j + 1], need_p(j), stream);
          next_on_device[j] = 1;
          queued[2 * j] = DeviceSplit{};
          queued[2 * j + 1] = DeviceSplit{};
          continue;
        }
      }
      for (Split<N>* s : {&nodes[2 * j], &nodes[2 * j + 1]}) {
        s->p = Traits::to_place_of(s->p, *big);
        s->q = Traits::to_place_of(s->q, *big);
        s->t = Traits::to_place_of(s->t, *big);
      }
      pair(j);
    }
    const double big_ms = lap();
    parallel_for(on_host.size(), threads, [&](std::size_t i) { pair(on_host[i]); });
    if (profile) {
      std::printf("series: level %2zu: %6zu pairs on the GPU (%8.1f ms to %s), %6zu on the host (%8.1f ms)\n",
                  level + 1, on_big.size(), big_ms, gpu.mode == GpuSeries::Mode::queued ? "queue" : "run",
                  on_host.size(), lap());
    }
    if (nodes.size() % 2 == 1) {
      next.back() = std::move(nodes.back());
      next_queued.back() = std::move(queued.back());
      next_on_device.back() = on_device.back();
    }
    nodes = std::move(next);
    queued = std::move(next_queued);
    on_device = std::move(next_on_device);
  }
  if constexpr (can_queue) {
    if (on_device[0] != 0) {
      DeviceSplit& top = queued[0];
      nodes[0] = Split<N>{std::move(top.p).get(), std::move(top.q).get(), std::move(top.t).get()};
      if (profile) std::printf("series: waiting for the GPU's queued pairs: %.1f ms\n", lap());
    }
  }
  progress.show("series", 1.0, true);
  return std::move(nodes[0]);
}

/// 10^e, where `like` lives, by repeated squaring.
template <class N> N pow10(std::size_t e, const N& like) {
  using Traits = warpnum::huge::NumberTraits<N>;
  if (e == 0) return Traits::from_uint(1, like);
  if (e < 19) {
    std::uint64_t v = 1;
    for (std::size_t i = 0; i < e; ++i) v *= 10;
    return Traits::from_uint(v, like);
  }
  const N half = pow10<N>(e / 2, like);
  N sq = Traits::sqr(half);
  return e % 2 == 1 ? N(sq * Traits::from_uint(10, like)) : sq;
}

struct Timings {
  double series = 0;
  double sqrt = 0;
  double division = 0;
  double conversion = 0;
};

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// ---- the check without GMP: pi's binary digits by Bailey, Borwein and Plouffe's formula ----

using u64 = std::uint64_t;
using u128 = unsigned __int128;

/// 2^e mod m for odd m < 2^40, by Montgomery's multiplication with R = 2^64, squaring and doubling.
u64 pow2_mod(u64 e, u64 m) {
  if (m == 1) return 0;
  u64 inverse = m;  // m * inverse = 1 mod 2^64 (Newton's iteration, 6 bits to 96)
  for (int i = 0; i < 5; ++i) inverse *= 2 - m * inverse;
  const u64 minus_inverse = 0 - inverse;
  const auto reduce = [&](u128 t) {  // t R^-1 mod m, for t < m^2 (< 2^80: t + q m does not overflow)
    const u64 q = static_cast<u64>(t) * minus_inverse;
    const u64 r = static_cast<u64>((t + static_cast<u128>(q) * m) >> 64);
    return r >= m ? r - m : r;
  };
  u64 x = static_cast<u64>((u128{1} << 64) % m);  // 1 in Montgomery form
  for (int i = 63 - __builtin_clzll(e | 1); i >= 0 && e != 0; --i) {
    x = reduce(static_cast<u128>(x) * x);
    if (((e >> i) & 1) != 0) {
      x += x;
      if (x >= m) x -= m;
    }
  }
  return reduce(x);
}

/// floor(r 2^128 / m) for r < m < 2^40.
u128 fraction128(u64 r, u64 m) {
  const u128 high = (static_cast<u128>(r) << 64) / m;
  const u64 rest = static_cast<u64>((static_cast<u128>(r) << 64) % m);
  return (high << 64) | static_cast<u64>((static_cast<u128>(rest) << 64) / m);
}

/// floor(frac(16^n pi) 2^64): the hexadecimal digits n + 1 to n + 16 of pi after the point, by Bailey, Borwein and
/// Plouffe's digit extraction (Math. Comp. 66 (1997)): pi = sum 16^-k (4/(8k+1) - 2/(8k+4) - 1/(8k+5) - 1/(8k+6)), so
/// frac(16^n pi) needs only 16^(n-k) mod (8k+j) for k <= n and a short tail. Each term is a 128-bit fixed-point
/// fraction, so the sum's error stays far below the 64 bits returned. 16^e / m = 2^(4e - s) / m' for m = 2^s m'
/// (m' odd), so every power is taken modulo an odd number. On `threads` host threads.
u64 pi_hex_digits(u64 n, unsigned threads) {
  const int js[4] = {1, 4, 5, 6};
  const int weights[4] = {4, -2, -1, -1};
  u128 total = 0;
  for (int jj = 0; jj < 4; ++jj) {
    const u64 j = static_cast<u64>(js[jj]);
    std::vector<u128> parts(threads, 0);
    parallel_for(threads, threads, [&](std::size_t t) {
      u128 sum = 0;
      for (u64 k = (n + 1) * t / threads; k < (n + 1) * (t + 1) / threads; ++k) {
        const u64 m = 8 * k + j;
        const int shift = __builtin_ctzll(m);
        const u64 odd = m >> shift;
        const u64 e = 4 * (n - k);
        sum += e >= static_cast<u64>(shift) ? fraction128(pow2_mod(e - shift, odd), odd) : fraction128(u64{1} << e, m);
      }
      parts[t] = sum;
    });
    u128 sum = 0;
    for (const u128 part : parts) sum += part;
    for (u64 k = n + 1; 4 * (k - n) < 128; ++k) sum += fraction128(1, 8 * k + j) >> (4 * (k - n));
    total += static_cast<u128>(static_cast<__int128>(weights[jj])) * sum;
  }
  return static_cast<u64>(total >> 64);
}

/// Checks every digit of pi_text's result without GMP, in three links, each of which a wrong digit breaks:
///  1. binary: X = floor(426880 sqrt(10005 4^b) Q / T), the same series' pi times 2^b (b about D log2 10), has as
///     its bits 64 to 127 the hexadecimal digits of pi that Bailey, Borwein and Plouffe's formula gives at that
///     position: an error anywhere in Q, T, the square root or the division changes them;
///  2. decimal against binary: |scaled 2^b - X 10^D| is a few units of 2^b and 10^D, so scaled = floor(pi 10^D) to
///     within the guard digits;
///  3. text: the decimal text parses back to scaled.
/// Prints each link and its time; returns whether all hold.
bool verify_pi(const Integer& q, const Integer& t, const Integer& scaled, const std::string& text, std::size_t d,
               unsigned threads, Progress& progress) {
  using Traits = warpnum::huge::NumberTraits<Integer>;
  const Place where = scaled.place();
  const auto b = static_cast<std::size_t>(4 * std::ceil(static_cast<double>(d) * std::log2(10.0) / 4) + 128);
  auto t0 = Clock::now();
  progress.show("check: pi * 2^b", 0.0, true);
  const Integer root = warpnum::huge::isqrt(Integer(Integer(10005, where) << (2 * b)));
  const Integer x = q * Integer(426880, where) * root / t;
  progress.show("check: pi * 2^b", 1.0, true);
  const double binary_s = seconds_since(t0);
  t0 = Clock::now();
  progress.show("check: BBP digits", 0.0, true);
  const u64 n = (b - 128) / 4;
  const u64 expected = pi_hex_digits(n, threads);
  const std::vector<Integer::limb_type> limbs = x.limbs();
  const u64 got = limbs.size() > 3 ? (u64{limbs[3]} << 32 | limbs[2]) : 0;
  progress.show("check: BBP digits", 1.0, true);
  const double bbp_s = seconds_since(t0);
  const bool bbp_ok = got == expected || got - expected == 1 || expected - got == 1;
  std::printf("check: hex digits %llu to %llu of pi: %016llx computed, %016llx by BBP: %s (%.1f s + %.1f s)\n",
              static_cast<unsigned long long>(n + 1), static_cast<unsigned long long>(n + 16),
              static_cast<unsigned long long>(got), static_cast<unsigned long long>(expected),
              bbp_ok ? "agree" : "DIFFER", binary_s, bbp_s);
  t0 = Clock::now();
  progress.show("check: decimal against binary", 0.0, true);
  const Integer p10 = pow10<Integer>(d, scaled);
  const Integer gap = (scaled << b) - x * p10;
  const std::size_t allowed = std::max(b, Traits::bit_width(p10)) + 10;
  const bool cross_ok = Traits::bit_width(gap) <= allowed;
  progress.show("check: decimal against binary", 1.0, true);
  std::printf("check: |scaled 2^b - X 10^D| has %zu bits, at most %zu allowed: %s (%.1f s)\n", Traits::bit_width(gap),
              allowed, cross_ok ? "agree" : "DIFFER", seconds_since(t0));
  t0 = Clock::now();
  progress.show("check: text parsed back", 0.0, true);
  const bool text_ok = Integer(text, 10, where) == scaled;
  progress.show("check: text parsed back", 1.0, true);
  std::printf("check: the %zu digits parse back to the same number: %s (%.1f s)\n", text.size(),
              text_ok ? "yes" : "NO", seconds_since(t0));
  return bbp_ok && cross_ok && text_ok;
}

/// "3.1415..." with `digits` decimals: floor(426880 sqrt(10005 10^(2D)) Q / T) with D = digits + guard digits.
/// The number type's own square root, division and text are passed in, so that GMP's run can use GMP's.
/// With `verify` (Integer only), verify_pi checks the digits after the timed stages and says whether they hold in
/// *verified.
template <class N, class Isqrt, class Divide, class ToText>
std::string pi_text(std::size_t digits, unsigned threads, std::size_t device_limbs, const N& host, const N* big,
                    const GpuSeries& gpu, bool profile, const char* who, Timings& timings,
                    Isqrt isqrt, Divide divide, ToText to_text, bool* verified = nullptr) {
  using Traits = warpnum::huge::NumberTraits<N>;
  Progress progress(who);
  const std::size_t d = digits + guard_digits;
  const auto terms = static_cast<std::uint64_t>(static_cast<double>(d) / digits_per_term) + 2;
  auto t0 = Clock::now();
  Split<N> s = series<N>(terms, threads, device_limbs, host, big, gpu, profile, progress);
  s.p = N();
  timings.series = seconds_since(t0);

  const N& where = big != nullptr ? *big : host;
  t0 = Clock::now();
  progress.show("sqrt(10005 * 10^(2D))", 0.0, true);
  const N root = isqrt(N(pow10<N>(2 * d, where) * Traits::from_uint(10005, where)));
  progress.show("sqrt(10005 * 10^(2D))", 1.0, true);
  timings.sqrt = seconds_since(t0);

  t0 = Clock::now();
  progress.show("division", 0.0, true);
  const N q = Traits::to_place_of(s.q, where);
  const N t = Traits::to_place_of(s.t, where);
  const N scaled = divide(N(q * Traits::from_uint(426880, where) * root), t);
  progress.show("division", 1.0, true);
  timings.division = seconds_since(t0);

  t0 = Clock::now();
  progress.show("decimal conversion", 0.0, true);
  std::string text = to_text(scaled);
  progress.show("decimal conversion", 1.0, true);
  timings.conversion = seconds_since(t0);
  if constexpr (std::is_same_v<N, Integer>) {
    if (verified != nullptr) *verified = verify_pi(q, t, scaled, text, d, threads, progress);
  }
  if (text.size() < digits + 1) return text;  // wrong: caught by the prefix check
  text.resize(digits + 1);
  return text.substr(0, 1) + "." + text.substr(1);
}

void print_timings(const char* who, const Timings& t) {
  std::printf("%-6s series %8.3f s   sqrt %8.3f s   division %8.3f s   conversion %8.3f s   total %8.3f s\n", who,
              t.series, t.sqrt, t.division, t.conversion, t.series + t.sqrt + t.division + t.conversion);
}

int usage(const char* program) {
  std::fprintf(stderr,
               "usage: %s [DIGITS] [--check] [--verify] [--cpu] [--output FILE] [--threads T] [--device-limbs L]\n"
               "       [--gpu-series packed|queued|waiting] [--streams S] [--profile]\n"
               "  DIGITS          decimals after the point (default 1000000)\n"
               "  --check         compute them with GMP on the CPU too and compare every digit\n"
               "  --verify        check every digit without GMP: pi's binary digits at the end by Bailey, Borwein\n"
               "                  and Plouffe's formula, the decimal value against the binary one, the text parsed\n"
               "                  back (after the timed stages; for 10^9 digits, where GMP takes too long)\n"
               "  --cpu           run everything on the host (Place::host)\n"
               "  --output FILE   write 3.1415... to FILE\n"
               "  --threads T     host threads for the small parts of the series (default: all cores)\n"
               "  --device-limbs L  the series moves to the GPU from the level whose largest Q has L limbs\n"
               "                  (default 128 for packed, 4096 for the others)\n"
               "  --gpu-series M  packed: each level a few batched operations (default); queued: each pair's\n"
               "                  operations queued on streams; waiting: each pair as Integers, each waiting\n"
               "  --streams S     streams for --gpu-series queued (default 8)\n"
               "  --profile       print where the series' time goes, level by level\n",
               program);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t digits = 1000000;
  bool check = false;
  bool cpu = false;
  std::string output;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  // Pair by pair (queued, waiting): 4096 against 2048: 10^8 digits in 5.5-5.6 s against 6.5-6.6 s, 10^7 in 0.67-0.69
  // against 0.80-0.83 s (H200 and its 16 host cores, 2026-11-28; 8192 was level with 4096, 1024 and below slower).
  std::size_t device_limbs = 4096;
  std::size_t stream_count = 8;
  GpuSeries::Mode gpu_mode = GpuSeries::Mode::packed;
  bool device_limbs_given = false;
  bool profile = false;
  bool verify = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--check") {
      check = true;
    } else if (arg == "--cpu") {
      cpu = true;
    } else if (arg == "--output" && i + 1 < argc) {
      output = argv[++i];
    } else if (arg == "--threads" && i + 1 < argc) {
      threads = static_cast<unsigned>(std::max(1L, std::strtol(argv[++i], nullptr, 10)));
    } else if (arg == "--device-limbs" && i + 1 < argc) {
      device_limbs = static_cast<std::size_t>(std::strtoull(argv[++i], nullptr, 10));
      device_limbs_given = true;
    } else if (arg == "--verify") {
      verify = true;
    } else if (arg == "--profile") {
      profile = true;
    } else if (arg == "--gpu-series" && i + 1 < argc) {
      const std::string mode = argv[++i];
      if (mode == "packed") {
        gpu_mode = GpuSeries::Mode::packed;
      } else if (mode == "queued") {
        gpu_mode = GpuSeries::Mode::queued;
      } else if (mode == "waiting") {
        gpu_mode = GpuSeries::Mode::waiting;
      } else {
        return usage(argv[0]);
      }
    } else if (arg == "--streams" && i + 1 < argc) {
      stream_count = static_cast<std::size_t>(std::strtoull(argv[++i], nullptr, 10));
    } else if (!arg.empty() && arg[0] != '-') {
      digits = static_cast<std::size_t>(std::strtod(arg.c_str(), nullptr));  // 1e7 works too
    } else {
      return usage(argv[0]);
    }
  }
  if (digits < 1) return usage(argv[0]);

  Integer big_zero;
  bool gpu = false;
  if (!cpu) {
    try {
      big_zero = Integer(Place::device);
      gpu = true;
    } catch (const std::exception& e) {
      std::printf("no GPU (%s); running on the CPU\n", e.what());
    }
  }
  GpuSeries series_on_gpu;
  series_on_gpu.mode = gpu_mode;
  // Batches from 128 limbs against 4096: 10^8 digits in 3.18-3.68 s against 4.96-5.02 s (64: 3.11-3.60, 256:
  // 3.58-3.73, 1024: 4.10-4.23; H200 and its 16 host cores, 2026-12-02).
  if (gpu_mode == GpuSeries::Mode::packed && !device_limbs_given) device_limbs = 128;
  if (gpu) {
    series_on_gpu.streams.resize(gpu_mode == GpuSeries::Mode::queued ? std::max<std::size_t>(1, stream_count) : 1);
  }
  static const char* const mode_names[] = {"packed", "queued", "waiting"};
  std::printf("pi to %zu digits on the %s (%u host threads", digits, gpu ? "GPU" : "CPU", threads);
  if (gpu) {
    std::printf(", series %s from %zu limbs", mode_names[static_cast<int>(gpu_mode)], device_limbs);
    if (gpu_mode == GpuSeries::Mode::queued) std::printf(" on %zu streams", series_on_gpu.streams.size());
  }
  std::printf(")\n");

  Timings timings;
  std::string text;
  bool verified = false;
  try {
    text = pi_text<Integer>(
        digits, threads, device_limbs, Integer(Place::host), gpu ? &big_zero : nullptr, series_on_gpu, profile,
        "warpnum", timings,
        [](const Integer& x) { return warpnum::huge::isqrt(x); },
        [](const Integer& a, const Integer& b) { return a / b; },
        [](const Integer& x) { return warpnum::to_string(x); }, verify ? &verified : nullptr);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "\nwarpnum-pi-digits: %s\n", e.what());
    return 1;
  }
  print_timings("warpnum", timings);

  const std::size_t shown = std::min<std::size_t>(text.size(), 52);
  std::printf("pi = %s...%s\n", text.substr(0, shown).c_str(),
              text.size() > shown ? text.substr(text.size() - std::min<std::size_t>(20, text.size() - shown)).c_str()
                                  : "");
  bool ok = text.size() == digits + 2;
  const std::size_t known = std::min(text.size(), std::strlen(known_prefix));
  if (!ok || text.compare(0, known, known_prefix, known) != 0) {
    std::printf("FAILED: the digits do not start as pi does\n");
    ok = false;
  }

  if (verify) {
    if (verified) {
      std::printf("check: all %zu digits verified without GMP\n", digits);
    } else {
      std::printf("FAILED: the digits did not pass the check without GMP\n");
      ok = false;
    }
  }

  if (check) {
    Timings gmp_timings;
    const std::string reference = pi_text<mpz_class>(
        digits, threads, 0, mpz_class(), nullptr, GpuSeries{}, false, "GMP", gmp_timings,
        [](const mpz_class& x) {
          mpz_class r;
          mpz_sqrt(r.get_mpz_t(), x.get_mpz_t());
          return r;
        },
        [](const mpz_class& a, const mpz_class& b) {
          mpz_class q;
          mpz_tdiv_q(q.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
          return q;
        },
        [](const mpz_class& x) { return x.get_str(10); });
    print_timings("GMP", gmp_timings);
    std::size_t first_wrong = 0;
    while (first_wrong < std::min(text.size(), reference.size()) && text[first_wrong] == reference[first_wrong]) {
      ++first_wrong;
    }
    if (text == reference) {
      std::printf("check: all %zu digits agree with GMP\n", digits);
    } else {
      std::printf("FAILED: the digits differ from GMP's from position %zu on\n", first_wrong);
      ok = false;
    }
  }

  if (!output.empty()) {
    std::ofstream out(output, std::ios::binary);
    out << text << '\n';
    if (!out) {
      std::fprintf(stderr, "warpnum-pi-digits: cannot write %s\n", output.c_str());
      return 1;
    }
    std::printf("wrote %s\n", output.c_str());
  }
  return ok ? 0 : 1;
}
