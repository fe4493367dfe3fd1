// SPDX-License-Identifier: Apache-2.0
// src/huge/integer.cpp: warpnum::Integer's members, its additive and multiplicative operators, comparisons and
// shifts, and the multiplication dispatch: schoolbook, Karatsuba and Toom-3 on the host's 64-bit words
// (detail/mpn/mul.hpp), the column (tiled) convolution and the transform (convolve_columns, convolve_ntt) followed
// by normalise in either place.
// Division is divide.cpp's, text text.cpp's.
#include "engine.hpp"
#include "integer_access.hpp"
#include "thresholds.hpp"
#include "toom_parallel.hpp"

#include <warpnum/detail/mpn/mul.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/integer.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(_OPENMP)
#  include <omp.h>
#endif

namespace warpnum {

namespace huge {

int host_threads() noexcept {
#if defined(_OPENMP)
  return omp_get_max_threads();
#else
  return 1;
#endif
}

}  // namespace huge

namespace {

using huge::limb_t;

// ---- places ----

/// Where an operation on a and b runs: a's place, or b's where a is zero (a zero has no limbs to move).
Place op_place(const Integer& a, const Integer& b) noexcept {
  return a.size() != 0 || b.size() == 0 ? a.place() : b.place();
}

/// The limbs of x in place p: x's own storage where it lives there, else a copy owned by this object.
class LimbsIn {
 public:
  LimbsIn(const Integer& x, Place p) : place_(p) {
    if (x.size() == 0 || x.place() == p) {
      ptr_ = x.data();
    } else {
      owned_ = huge::allocate(x.size(), p);
      ptr_ = owned_;
      try {
        huge::copy(owned_, p, x.data(), x.place(), x.size());
      } catch (...) {
        huge::release(owned_, p);
        throw;
      }
    }
  }
  LimbsIn(const LimbsIn&) = delete;
  LimbsIn& operator=(const LimbsIn&) = delete;
  ~LimbsIn() { huge::release(owned_, place_); }
  const limb_t* get() const noexcept { return ptr_; }

 private:
  const limb_t* ptr_ = nullptr;
  limb_t* owned_ = nullptr;
  Place place_;
};

/// Limbs owned in a place for the length of a scope (on the device, allocated and freed in a stream's order).
class Scratch {
 public:
  Scratch(std::size_t limbs, Place p, stream_handle stream = nullptr)
      : ptr_(huge::allocate(limbs, p, stream)), place_(p), stream_(stream) {}
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() { huge::release(ptr_, place_, stream_); }
  limb_t* get() const noexcept { return ptr_; }

 private:
  limb_t* ptr_;
  Place place_;
  stream_handle stream_;
};

Integer zero_in(Place p) { return IntegerAccess::with_capacity(0, p); }

// ---- host multiplication on machine words (64-bit with unsigned __int128) ----

using word = std::conditional_t<WARPNUM_HAS_INT128 != 0, std::uint64_t, std::uint32_t>;
constexpr std::size_t limbs_per_word = sizeof(word) / sizeof(limb_t);

constexpr std::size_t words_of(std::size_t limbs) { return (limbs + limbs_per_word - 1) / limbs_per_word; }

/// w[0, words_of(n)) = the limbs p[0, n) as words (a copy of the bytes where the host is little-endian).
void to_words(word* w, const limb_t* p, std::size_t n) {
  if constexpr (std::endian::native == std::endian::little) {
    if (n != 0) w[words_of(n) - 1] = 0;
    std::memcpy(w, p, n * sizeof(limb_t));
  } else {
    std::fill(w, w + words_of(n), word{0});
    for (std::size_t i = 0; i < n; ++i) w[i / limbs_per_word] |= static_cast<word>(p[i]) << (32 * (i % limbs_per_word));
  }
}
void from_words(limb_t* out, std::size_t n, const word* w) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(out, w, n * sizeof(limb_t));
  } else {
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<limb_t>(w[i / limbs_per_word] >> (32 * (i % limbs_per_word)));
  }
}

/// A length in words for the word algorithms (int); std::length_error beyond.
int word_count(std::size_t n) {
  if (n > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2)) {
    detail::throw_error<std::length_error>("warpnum: multiply: operand too long for the host's word algorithms");
  }
  return static_cast<int>(n);
}

/// r[0, na + nb) = a * b (na, nb >= 1) on words by `algorithm` (schoolbook, karatsuba, toom3 or toom4): schoolbook
/// (detail/mpn/mul_basecase.hpp), or mpn::mul (detail/mpn/mul.hpp) with Karatsuba from `threshold` words, for toom3
/// and toom4 Toom-3 from `toom3_threshold` words, and for toom4 Toom-4 from `toom4_threshold` words. r must not alias
/// a or b.
void host_mul(word* r, const word* a, std::size_t na, const word* b, std::size_t nb, MulAlgorithm algorithm,
              std::size_t threshold, std::size_t toom3_threshold, std::size_t toom4_threshold) {
  const int ia = word_count(na);
  const int ib = word_count(nb);
  const int t = static_cast<int>(threshold);
  // Thresholds no operand reaches turn the Toom-Cook levels off: Karatsuba alone, or Toom-3 without Toom-4.
  constexpr int never = std::numeric_limits<int>::max();
  const bool toom = algorithm == MulAlgorithm::toom3 || algorithm == MulAlgorithm::toom4;
  const int t3 = toom ? static_cast<int>(toom3_threshold) : never;
  const int t4 = algorithm == MulAlgorithm::toom4 ? static_cast<int>(toom4_threshold) : never;
  if (algorithm == MulAlgorithm::schoolbook || std::min(ia, ib) < t) {
    if (a == b && ia == ib) {
      detail::mpn::sqr_basecase(r, a, ia);
    } else if (ia >= ib) {
      detail::mpn::mul_basecase(r, a, ia, b, ib);
    } else {
      detail::mpn::mul_basecase(r, b, ib, a, ia);
    }
    return;
  }
  // Toom-Cook on the host's threads where there are two or more and the shorter operand is long enough.
  const int task_words = static_cast<int>(huge::thresholds::host_toom_tasks / limbs_per_word);
  if (toom && std::min(ia, ib) >= task_words && huge::host_threads() >= 2) {
    const huge::ToomThresholds thresholds{t, t3, t4, task_words};
    if (ia >= ib) {
      huge::mul_toom_tasks(r, a, ia, b, ib, thresholds, huge::host_threads());
    } else {
      huge::mul_toom_tasks(r, b, ib, a, ia, thresholds, huge::host_threads());
    }
    return;
  }
  std::vector<word> scratch(static_cast<std::size_t>(detail::mpn::mul_scratch(ia, ib, t, t3, t4)));
  detail::mpn::mul(r, a, ia, b, ib, scratch.data(), t, t3, t4);
}

/// r[0, na + nb) = a * b in place p by schoolbook, Karatsuba, Toom-3 or Toom-4 on the host (device operands go through
/// host copies).
void host_product(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place p,
                  MulAlgorithm algorithm) {
  const bool square = a == b && na == nb;
  std::vector<limb_t> ha, hb, hr;
  if (p == Place::device) {
    ha.resize(na);
    huge::copy(ha.data(), Place::host, a, p, na);
    a = ha.data();
    if (!square) {
      hb.resize(nb);
      huge::copy(hb.data(), Place::host, b, p, nb);
      b = hb.data();
    } else {
      b = a;
    }
  }
  const std::size_t wa_n = words_of(na);
  const std::size_t wb_n = words_of(nb);
  const std::size_t threshold = std::max<std::size_t>(2, huge::thresholds::host_karatsuba / limbs_per_word);
  const std::size_t toom3_threshold = huge::thresholds::host_toom3 / limbs_per_word;
  const std::size_t toom4_threshold = huge::thresholds::host_toom4 / limbs_per_word;
  // Small products (most of a binary splitting's leaves) keep their words on the stack: the three vectors' heap
  // traffic was about a third of a 16-term range's time on the development machine, 2026-12-02.
  constexpr std::size_t stack_words = 64;
  std::array<word, stack_words> sa, sb, sr;
  std::vector<word> va, vb, vr;
  const bool small = wa_n + wb_n <= stack_words;
  if (!small) {
    va.resize(wa_n);
    vb.resize(square ? 0 : wb_n);
    vr.resize(wa_n + wb_n);
  }
  word* wa = small ? sa.data() : va.data();
  word* wb = square ? wa : (small ? sb.data() : vb.data());
  word* wr = small ? sr.data() : vr.data();
  to_words(wa, a, na);
  if (!square) to_words(wb, b, nb);
  host_mul(wr, wa, wa_n, wb, wb_n, algorithm, threshold, toom3_threshold, toom4_threshold);
  if (p == Place::device) {
    hr.resize(na + nb);
    from_words(hr.data(), na + nb, wr);
    huge::copy(r, p, hr.data(), Place::host, na + nb);
  } else {
    from_words(r, na + nb, wr);
  }
}

// ---- convolutions then normalisation, in either place ----

/// r[0, na + nb) = a * b by the column convolution (the tiled one on the device).
void columns_product(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place p,
                     huge::Queue queue) {
  const std::size_t nc = na + nb - 1;
  Scratch coefs(3 * nc, p, queue.stream);
  auto* c = reinterpret_cast<huge::Coef96*>(coefs.get());
  huge::convolve_columns(c, a, na, b, nb, p, huge::Queue::on(queue.stream));
  huge::normalise(r, na + nb, c, nc, p, queue);
}

/// r[0, na + nb) = a * b by the transform (a == b: a square, one forward transform). Products longer than the
/// longest transform go in blocks: the shorter operand whole where that leaves room, else halves of the
/// longest, each block product added into r.
void ntt_product(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place p,
                 huge::Queue queue) {
  const std::size_t limit = huge::transform_product_limit_for_tests.load(std::memory_order_relaxed);
  const std::size_t most = limit != 0 ? std::min(limit, huge::ntt_max_product()) : huge::ntt_max_product();
  if (na + nb <= most) {
    huge::multiply_ntt(r, na + nb, a, na, b, nb, p, queue);
    return;
  }
  if (na < nb) {
    std::swap(a, b);
    std::swap(na, nb);
  }
  const std::size_t sb = nb <= most / 2 ? nb : most / 2;
  const std::size_t sa = most - sb;
  const huge::Queue queued = huge::Queue::on(queue.stream);
  huge::fill_zero(r, na + nb, p, queued);
  Scratch piece(sa + sb, p, queue.stream);
  for (std::size_t j = 0; j < nb; j += sb) {
    const std::size_t lb = std::min(sb, nb - j);
    for (std::size_t i = 0; i < na; i += sa) {
      const std::size_t la = std::min(sa, na - i);
      ntt_product(piece.get(), a + i, la, b + j, lb, p, queued);
      // The sum is a part of the product, so nothing carries out of it.
      huge::add(r + i + j, r + i + j, na + nb - i - j, piece.get(), la + lb, nullptr, p, queued);
    }
  }
  huge::complete(p, queue);
}

/// r[0, na + nb) = a * b by the double-precision FFT (multiply_fft_host, multiply_fft_device), or by the transform
/// where the FFT refuses: no digit width within its bound, a coefficient that the check finds too far from an
/// integer, or, on the device, not the memory for its spectra (the transform's blocks need less). The FFT reads its
/// largest error back, so a queue that must not wait (AsyncInteger) takes the transform.
void fft_product(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place p,
                 huge::Queue queue) {
  if (p == Place::host) {
    if (huge::multiply_fft_host(r, a, na, b, nb)) return;
  } else if (queue.wait && queue.stream == nullptr) {
    try {
      if (huge::multiply_fft_device(r, a, na, b, nb)) return;
    } catch (const OutOfMemory&) {
      // the transform below, in blocks
    }
  }
  ntt_product(r, a, na, b, nb, p, queue);
}

/// r[0, na + nb) = a * b (na, nb >= 1) by `algorithm` (not automatic) in place p.
void multiply_by(MulAlgorithm algorithm, limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                 Place p, huge::Queue queue) {
  switch (algorithm) {
    case MulAlgorithm::schoolbook:
    case MulAlgorithm::karatsuba:
    case MulAlgorithm::toom3:
    case MulAlgorithm::toom4:
      host_product(r, a, na, b, nb, p, algorithm);
      break;
    case MulAlgorithm::tiled:
      columns_product(r, a, na, b, nb, p, queue);
      break;
    case MulAlgorithm::fft:
      fft_product(r, a, na, b, nb, p, queue);
      break;
    default:  // ntt
      ntt_product(r, a, na, b, nb, p, queue);
      break;
  }
}

/// a * b by `algorithm` (automatic: mul_algorithm's choice), in op_place(a, b); square: b is a.
Integer product(const Integer& a, const Integer& b, MulAlgorithm algorithm, bool square) {
  switch (algorithm) {
    case MulAlgorithm::automatic:
    case MulAlgorithm::schoolbook:
    case MulAlgorithm::karatsuba:
    case MulAlgorithm::toom3:
    case MulAlgorithm::toom4:
    case MulAlgorithm::tiled:
    case MulAlgorithm::ntt:
    case MulAlgorithm::fft:
      break;
    default:  // the fixed-width algorithms, or a value outside the enumeration
      detail::throw_error<std::invalid_argument>("warpnum: multiply: Integer multiplies by MulAlgorithm::automatic, "
                                                 "schoolbook, karatsuba, toom3, toom4, tiled, ntt or fft; got "
                                                 "MulAlgorithm value " +
                                                 std::to_string(static_cast<unsigned>(algorithm)));
  }
  const Place p = op_place(a, b);
  if (a.is_zero() || b.is_zero()) return zero_in(p);
  const std::size_t na = a.size(), nb = b.size();
  if (algorithm == MulAlgorithm::automatic) algorithm = mul_algorithm(na, nb, p);
  const LimbsIn la(a, p);
  const LimbsIn lb(square ? a : b, p);
  const limb_t* pa = la.get();
  const limb_t* pb = square ? pa : lb.get();
  Integer r = IntegerAccess::with_capacity(na + nb, p);
  multiply_by(algorithm, IntegerAccess::data(r), pa, na, pb, nb, p, huge::Queue{});
  IntegerAccess::finish(r, na + nb, a.is_negative() != b.is_negative());
  return r;
}

// ---- addition and subtraction of magnitudes ----

/// a + (negate_b ? -b : b).
Integer add_signed(const Integer& a, const Integer& b, bool negate_b) {
  const Place p = op_place(a, b);
  const bool sign_b = b.is_negative() != negate_b;
  if (b.is_zero()) return a.to(p);
  if (a.is_zero()) {
    Integer r = b.to(p);
    if (negate_b) IntegerAccess::negate(r);
    return r;
  }
  const LimbsIn la(a, p);
  const LimbsIn lb(b, p);
  const limb_t* x = la.get();
  const limb_t* y = lb.get();
  std::size_t nx = a.size(), ny = b.size();
  if (a.is_negative() == sign_b) {
    if (nx < ny) {
      std::swap(x, y);
      std::swap(nx, ny);
    }
    Integer r = IntegerAccess::with_capacity(nx + 1, p);
    limb_t* pr = IntegerAccess::data(r);
    const limb_t carry = huge::add(pr, x, nx, y, ny, p);
    huge::copy(pr + nx, p, &carry, Place::host, 1);
    IntegerAccess::finish(r, nx + 1, sign_b);
    return r;
  }
  // Opposite signs: the larger magnitude minus the smaller, with the larger one's sign.
  int order = nx < ny ? -1 : (nx > ny ? 1 : huge::compare(x, y, nx, p));
  if (order == 0) return zero_in(p);
  bool negative = a.is_negative();
  if (order < 0) {
    std::swap(x, y);
    std::swap(nx, ny);
    negative = sign_b;
  }
  Integer r = IntegerAccess::with_capacity(nx, p);
  huge::sub(IntegerAccess::data(r), x, nx, y, ny, p);
  IntegerAccess::finish(r, nx, negative);
  return r;
}

/// -1, 0, 1 comparing |a| and |b|.
int compare_magnitudes(const Integer& a, const Integer& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  if (a.size() == 0) return 0;
  const Place p = op_place(a, b);
  const LimbsIn la(a, p);
  const LimbsIn lb(b, p);
  return huge::compare(la.get(), lb.get(), a.size(), p);
}

}  // namespace

void huge::multiply_limbs(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place,
                          Queue queue) {
  multiply_by(mul_algorithm(na, nb, place), r, a, na, b, nb, place, queue);
}

void huge::multiply_batch(limb_t* out, std::size_t total, std::span<const ProductJob> jobs, Place place, Queue queue) {
  if (total == 0) return;
  if (place != Place::device) {
    huge::fill_zero(out, total, place);
    for (const ProductJob& j : jobs) {
      if (j.na != 0 && j.nb != 0) multiply_limbs(out + j.out, j.a, j.na, j.b, j.nb, place);
    }
    return;
  }
  // Products longer than one transform go alone, after the batch (its carry pass writes zeros where they go).
  const auto fits = [](const ProductJob& j) { return j.na + j.nb <= huge::ntt_max_product(); };
  std::vector<ProductJob> batch;
  batch.reserve(jobs.size());
  for (const ProductJob& j : jobs) {
    if (fits(j)) batch.push_back(j);
  }
  const Queue queued = Queue::on(queue.stream);
  {
    Scratch coefs(3 * total, place, queue.stream);
    auto* c = reinterpret_cast<huge::Coef96*>(coefs.get());
    huge::convolve_batch(c, total, batch, place, queued);
    huge::normalise(out, total, c, total, place, queued);
  }
  for (const ProductJob& j : jobs) {
    if (!fits(j)) multiply_limbs(out + j.out, j.a, j.na, j.b, j.nb, place, queued);
  }
  huge::complete(place, queue);
}

// ---- members ----

Integer::Integer(Place place) : place_(huge::resolve_place(place)) {}

Integer::Integer(long long v, Place place)
    : Integer(v < 0 ? Integer(0ull - static_cast<unsigned long long>(v), place)
                    : Integer(static_cast<unsigned long long>(v), place)) {
  negative_ = v < 0;
}

Integer::Integer(unsigned long long v, Place place) : place_(huge::resolve_place(place)) {
  const limb_t limbs[2] = {static_cast<limb_t>(v), static_cast<limb_t>(v >> 32)};
  *this = from_limbs(limbs, false, place_);
}

Integer::Integer(const Integer& o) : size_(o.size_), top_(o.top_), place_(o.place_), negative_(o.negative_) {
  if (o.size_ != 0) {
    data_ = huge::allocate(o.size_, place_);
    capacity_ = o.size_;
    try {
      huge::copy(data_, place_, o.data_, o.place_, o.size_);
    } catch (...) {
      huge::release(data_, place_);
      throw;
    }
  }
}

Integer::Integer(Integer&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)),
      size_(std::exchange(o.size_, 0)),
      capacity_(std::exchange(o.capacity_, 0)),
      top_(std::exchange(o.top_, 0)),
      place_(o.place_),
      negative_(std::exchange(o.negative_, false)) {}

Integer& Integer::operator=(const Integer& o) {
  if (this != &o) *this = Integer(o);
  return *this;
}

Integer& Integer::operator=(Integer&& o) noexcept {
  if (this != &o) {
    huge::release(data_, place_);
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
    capacity_ = std::exchange(o.capacity_, 0);
    top_ = std::exchange(o.top_, 0);
    place_ = o.place_;
    negative_ = std::exchange(o.negative_, false);
  }
  return *this;
}

Integer::~Integer() { huge::release(data_, place_); }

Integer Integer::from_limbs(std::span<const limb_type> limbs, bool negative, Place place) {
  std::size_t n = limbs.size();
  while (n > 0 && limbs[n - 1] == 0) --n;
  Integer x = IntegerAccess::with_capacity(n, place);
  if (n != 0) {
    huge::copy(x.data_, x.place_, limbs.data(), Place::host, n);
    x.size_ = n;
    x.top_ = limbs[n - 1];
    x.negative_ = negative;
  }
  return x;
}

std::vector<Integer::limb_type> Integer::limbs() const {
  std::vector<limb_type> out(size_);
  huge::copy(out.data(), Place::host, data_, place_, size_);
  return out;
}

Integer Integer::to(Place place) const {
  const Place p = huge::resolve_place(place);
  Integer x = IntegerAccess::with_capacity(size_, p);
  huge::copy(x.data_, p, data_, place_, size_);
  x.size_ = size_;
  x.top_ = top_;
  x.negative_ = negative_;
  return x;
}

std::size_t Integer::bit_width() const noexcept {
  return size_ == 0 ? 0 : 32 * (size_ - 1) + static_cast<std::size_t>(std::bit_width(top_));
}

// ---- operators ----

Integer operator+(const Integer& a, const Integer& b) { return add_signed(a, b, false); }
Integer operator-(const Integer& a, const Integer& b) { return add_signed(a, b, true); }
Integer operator*(const Integer& a, const Integer& b) {
  return product(a, b, MulAlgorithm::automatic, &a == &b);
}

Integer operator-(const Integer& a) {
  Integer r = a;
  IntegerAccess::negate(r);
  return r;
}

Integer abs(const Integer& a) { return a.is_negative() ? -a : a; }

Integer sqr(const Integer& a) { return product(a, a, MulAlgorithm::automatic, true); }

Integer multiply(const Integer& a, const Integer& b, MulAlgorithm algorithm) {
  return product(a, b, algorithm, &a == &b);
}

MulAlgorithm mul_algorithm(std::size_t na, std::size_t nb, Place place) {
  const std::size_t shorter = std::min(na, nb);
  if (huge::resolve_place(place) == Place::device) {
    // The FFT (MulAlgorithm::fft) is slower than the transform at every size measured, its blocks past the longest
    // transform included (thresholds.hpp), so it is taken only when asked for.
    return huge::device_product_is_tiled(na, nb) ? MulAlgorithm::tiled : MulAlgorithm::ntt;
  }
  if (shorter < huge::thresholds::host_karatsuba) return MulAlgorithm::schoolbook;
  if (shorter < huge::thresholds::host_toom3) return MulAlgorithm::karatsuba;
  if (huge::thresholds::host_product_by_transform(shorter, std::max(na, nb), huge::host_threads(),
                                                  huge::host_ntt_is_vectorised())) {
    return MulAlgorithm::ntt;
  }
  return shorter < huge::thresholds::host_toom4 ? MulAlgorithm::toom3 : MulAlgorithm::toom4;
}

Integer operator<<(const Integer& a, std::size_t bits) {
  if (a.is_zero()) return a;
  const std::size_t nr = a.size() + bits / 32 + 1;
  Integer r = IntegerAccess::with_capacity(nr, a.place());
  huge::shift_left(IntegerAccess::data(r), nr, a.data(), a.size(), bits, a.place());
  IntegerAccess::finish(r, nr, a.is_negative());
  return r;
}

Integer operator>>(const Integer& a, std::size_t bits) {
  if (a.is_zero()) return a;
  if (a.is_negative()) {
    // floor(-m / 2^bits) = -(((m - 1) >> bits) + 1).
    const Integer one(1, a.place());
    return -(((-a - one) >> bits) + one);
  }
  if (bits / 32 >= a.size()) return zero_in(a.place());
  const std::size_t nr = a.size() - bits / 32;
  Integer r = IntegerAccess::with_capacity(nr, a.place());
  huge::shift_right(IntegerAccess::data(r), nr, a.data(), a.size(), bits, a.place());
  IntegerAccess::finish(r, nr, false);
  return r;
}

bool operator==(const Integer& a, const Integer& b) {
  if (a.sign() != b.sign() || a.size() != b.size()) return false;
  return compare_magnitudes(a, b) == 0;
}

std::strong_ordering operator<=>(const Integer& a, const Integer& b) {
  if (a.sign() != b.sign()) return a.sign() <=> b.sign();
  const int m = compare_magnitudes(a, b);
  const int c = a.is_negative() ? -m : m;
  return c <=> 0;
}

}  // namespace warpnum
