// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/batch.hpp: Batch<T, L>, n elements of T that one expression evaluates together: in device memory,
// by one kernel, where the program was compiled by nvcc and a GPU is present; else in host memory, on every core
// (OpenMP). Plain C++: compiles with g++ (host only) and nvcc.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/expression.hpp>
#include <warpnum/batch/layout.hpp>
#include <warpnum/batch/memory.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/out_of_memory.hpp>
#include <warpnum/status.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace warpnum::WARPNUM_ABI {

namespace batch::dispatch {
template <class T, Layout L, batch::Expression E> void evaluate(Batch<T, L>& dst, const E& e, stream_handle stream);
}  // namespace batch::dispatch

/// n elements of T, trivially copyable (BigUInt, BigInt, GF2n, Fp, built-in types), laid out by L (contiguous or
/// interleaved), in device memory or in host memory (`place()`), with the stream that evaluations into it run on.
///
/// Assigning an expression (`d = a * b + c;`) evaluates it into this batch in one kernel, asynchronously on the
/// batch's stream: nothing waits for the GPU until to_vector(), copy_to(), status() or synchronize(). An element
/// is computed in registers before it is stored, so the batch may be an operand of its own expression
/// (`a = a * b + a`). Operands are read on the evaluating stream: batches filled on another stream must be
/// ready (synchronize them first).
///
/// Errors: sizes that differ, or host and device batches mixed in one expression: std::invalid_argument before
/// anything runs. An element's error (a zero divisor or modulus) gives the defined result of docs/errors.md and
/// sets a sticky flag that status() reports.
template <class T, Layout L = Layout::contiguous> class Batch {
  static_assert(std::is_trivially_copyable_v<T>, "warpnum: Batch<T> needs a trivially copyable T");

 public:
  using value_type = T;
  static constexpr Layout layout = L;

  /// Empty, on no place yet (an assignment gives it the place of its expression).
  Batch() = default;

  /// n zeros (value-initialised elements).
  explicit Batch(std::size_t n, Place place = Place::automatic, stream_handle stream = nullptr)
      : place_(batch::detail::resolve(place)), n_(n), stream_(stream) {
    allocate();
  }
  /// n copies of value.
  Batch(std::size_t n, const T& value, Place place = Place::automatic, stream_handle stream = nullptr) : Batch(n, place, stream) {
    *this = batch::Scalar<T>{value};
  }
  /// The host values, copied to the place.
  explicit Batch(std::span<const T> values, Place place = Place::automatic, stream_handle stream = nullptr)
      : Batch(values.size(), place, stream) {
    upload(values);
  }
  Batch(const std::vector<T>& values, Place place = Place::automatic, stream_handle stream = nullptr)
      : Batch(values.size(), place, stream) {
    if constexpr (std::is_same_v<T, bool>) {  // std::vector<bool> packs its bits: no span over it
      const std::unique_ptr<bool[]> flat(new bool[n_]);
      for (std::size_t i = 0; i < n_; ++i) flat[i] = values[i];
      upload(std::span<const T>(flat.get(), n_));
    } else {
      upload(std::span<const T>(values));
    }
  }
  Batch(std::initializer_list<T> values, Place place = Place::automatic, stream_handle stream = nullptr)
      : Batch(std::span<const T>(values.begin(), values.size()), place, stream) {}

  /// A copy of a device vector's elements (thrust::device_vector<T>, or anything whose data() has get(), the raw
  /// device pointer), device to device on `stream`.
  template <class V>
    requires requires(const V& v) {
      { v.data().get() } -> std::convertible_to<const T*>;
      { v.size() } -> std::convertible_to<std::size_t>;
    }
  explicit Batch(const V& device_vector, stream_handle stream = nullptr)
      : Batch(from_device(device_vector.data().get(), device_vector.size(), stream)) {}

  /// A copy of n elements at a raw device pointer (contiguous), device to device on `stream`.
  static Batch from_device(const T* device_data, std::size_t n, stream_handle stream = nullptr) {
    Batch b(n, Place::device, stream);
    b.copy_in(device_data, Place::device);
    return b;
  }

  /// Evaluates the expression into a new batch (the place and size of its operands).
  template <batch::Expression E> Batch(const E& e) { batch::dispatch::evaluate(*this, e, stream_); }
  /// A batch of another layout: the elements converted by one evaluation.
  template <Layout L2>
    requires(L2 != L)
  explicit Batch(const Batch<T, L2>& other) : stream_(other.stream()) {
    batch::dispatch::evaluate(*this, batch::Ref<T, L2>{&other}, stream_);
  }

  Batch(const Batch& o) : place_(o.place_), n_(o.n_), stream_(o.stream_) {
    allocate();
    copy_in(o.raw(), o.place_);
  }
  Batch(Batch&& o) noexcept
      : buffer_(std::move(o.buffer_)), place_(o.place_), n_(std::exchange(o.n_, 0)), stream_(o.stream_) {}
  Batch& operator=(const Batch& o) {
    if (this != &o) *this = batch::Ref<T, L>{&o};
    return *this;
  }
  Batch& operator=(Batch&& o) noexcept {
    buffer_ = std::move(o.buffer_);
    place_ = o.place_;
    n_ = std::exchange(o.n_, 0);
    stream_ = o.stream_;
    return *this;
  }
  ~Batch() = default;

  /// Evaluates e into this batch on its stream, in one kernel (or one host loop); returns at once.
  template <batch::Expression E> Batch& operator=(const E& e) {
    batch::dispatch::evaluate(*this, e, stream_);
    return *this;
  }
  /// The elements of a batch of another layout, converted.
  template <Layout L2>
    requires(L2 != L)
  Batch& operator=(const Batch<T, L2>& other) {
    return *this = batch::Ref<T, L2>{&other};
  }
  /// The asynchronous form: evaluates e into this batch on `stream`, which becomes the batch's stream.
  template <batch::Expression E> Batch& assign(const E& e, stream_handle stream) {
    set_stream(stream);
    batch::dispatch::evaluate(*this, e, stream);
    return *this;
  }

  /// The elements, in a host vector (waits for the batch's stream).
  std::vector<T> to_vector() const {
    if constexpr (std::is_same_v<T, bool>) {  // std::vector<bool> packs its bits: no span over it
      const std::unique_ptr<bool[]> flat(new bool[n_]);
      copy_to(std::span<T>(flat.get(), n_));
      return std::vector<bool>(flat.get(), flat.get() + n_);
    } else {
      std::vector<T> out(n_);
      copy_to(std::span<T>(out));
      return out;
    }
  }
  /// The elements into host memory (out.size() == size(); waits for the batch's stream).
  void copy_to(std::span<T> out) const {
    if (out.size() != n_)
      warpnum::detail::throw_error<std::invalid_argument>(
          "warpnum: Batch::copy_to: the span's size differs from the batch's");
    if constexpr (L == Layout::contiguous) {
      batch::detail::copy_bytes(out.data(), Place::host, raw(), place_, n_ * sizeof(T), stream_);
    } else {
      std::vector<std::uint32_t> words(storage_bytes() / 4);
      batch::detail::copy_bytes(words.data(), Place::host, raw(), place_, storage_bytes(), stream_);
      for (std::size_t i = 0; i < n_; ++i) out[i] = batch::ops::Access<T, L>::read(words.data(), n_, i);
    }
  }
  /// The elements into a new device vector (thrust::device_vector<T>, or any V(n) whose data().get() is a device
  /// pointer), device to device on the batch's stream.
  template <class V> V to() const {
    V v(n_);
    copy_to_device(v.data().get());
    return v;
  }
  /// The elements to a raw device pointer (n contiguous elements), device to device on the batch's stream.
  void copy_to_device(T* device_data) const {
    static_assert(L == Layout::contiguous, "warpnum: copy_to_device copies contiguous batches; convert the layout first");
    if (place_ != Place::device)
      warpnum::detail::throw_error<std::invalid_argument>(
          "warpnum: Batch::copy_to_device on a host batch; use copy_to");
    batch::detail::copy_bytes(device_data, Place::device, raw(), place_, n_ * sizeof(T), stream_);
  }

  std::size_t size() const noexcept { return n_; }
  /// The most elements a batch can be asked for: its bytes must fit a size_t (more throws OutOfMemory).
  static constexpr std::size_t max_size() noexcept { return batch::ops::max_elements<T, L>(); }
  bool empty() const noexcept { return n_ == 0; }
  /// Where the elements are (Place::host or Place::device; Place::automatic only for an empty batch).
  Place place() const noexcept { return place_; }
  stream_handle stream() const noexcept { return stream_; }
  /// The stream later evaluations into this batch run on, and its memory is freed on.
  void set_stream(stream_handle s) noexcept {
    stream_ = s;
    buffer_.set_stream(s);
  }
  /// The elements (contiguous layout): device or host memory, by place().
  T* data() noexcept requires(L == Layout::contiguous) { return static_cast<T*>(buffer_.data()); }
  const T* data() const noexcept requires(L == Layout::contiguous) { return static_cast<const T*>(buffer_.data()); }
  /// The 32-bit words (interleaved layout: word j of element i at words()[j * size() + i]; sliced: see Layout).
  std::uint32_t* words() noexcept requires(L != Layout::contiguous) { return static_cast<std::uint32_t*>(buffer_.data()); }
  const std::uint32_t* words() const noexcept requires(L != Layout::contiguous) {
    return static_cast<const std::uint32_t*>(buffer_.data());
  }
  void* raw() noexcept { return buffer_.data(); }
  const void* raw() const noexcept { return buffer_.data(); }

  /// Waits for the batch's stream.
  void synchronize() const { batch::detail::synchronize(place_, stream_); }
  /// The errors raised by elements of evaluations into this batch since it was made or clear_status() (waits
  /// for the stream): Status::ok, or the lowest-numbered Status raised (division_by_zero before the others).
  Status status() const {
    const unsigned f = status_flags();
    if (f == 0) return Status::ok;
    return static_cast<Status>(std::countr_zero(f));
  }
  /// Every Status raised, as bits (bit s for Status s); waits for the stream.
  unsigned status_flags() const {
    if (n_ == 0) return 0;
    unsigned f = 0;
    batch::detail::copy_bytes(&f, Place::host, flags(), place_, sizeof f, stream_);
    return f;
  }
  void clear_status() {
    if (n_ == 0) return;
    const unsigned zero = 0;
    batch::detail::copy_bytes(flags(), place_, &zero, Place::host, sizeof zero, stream_);
  }
  /// The flags word (device or host memory) that evaluations into this batch raise errors into.
  unsigned* flags() const noexcept {
    return reinterpret_cast<unsigned*>(static_cast<unsigned char*>(buffer_.data()) + padded_bytes());
  }

  /// Makes this batch n elements on `place` (for evaluations: keeps the memory when both already match).
  void reshape(std::size_t n, Place place) {
    if (n == n_ && place == place_ && (n == 0 || buffer_.data() != nullptr)) return;
    place_ = place;
    n_ = n;
    allocate();
  }

  /// Bytes of elements (without the flags word).
  std::size_t storage_bytes() const noexcept { return batch::ops::storage_bytes<T, L>(n_); }

 private:
  std::size_t padded_bytes() const noexcept { return (storage_bytes() + 15) / 16 * 16; }
  void allocate() {
    if (n_ > max_size()) warpnum::detail::throw_exception(OutOfMemory(SIZE_MAX, place_));
    buffer_ = batch::detail::Buffer(n_ == 0 ? 0 : padded_bytes() + 16, place_, stream_);
  }
  /// Fills the whole storage from src (storage_bytes() bytes in this batch's layout).
  void copy_in(const void* src, Place from) {
    batch::detail::copy_bytes(raw(), place_, src, from, storage_bytes(), stream_);
  }
  void upload(std::span<const T> values) {
    if constexpr (L == Layout::contiguous) {
      copy_in(values.data(), Place::host);
    } else {
      std::vector<std::uint32_t> words(storage_bytes() / 4);
      for (std::size_t i = 0; i < n_; ++i) batch::ops::Access<T, L>::write(words.data(), n_, i, values[i]);
      copy_in(words.data(), Place::host);
    }
  }

  batch::detail::Buffer buffer_;
  Place place_ = Place::automatic;
  std::size_t n_ = 0;
  stream_handle stream_ = nullptr;
};

}  // namespace warpnum::WARPNUM_ABI
