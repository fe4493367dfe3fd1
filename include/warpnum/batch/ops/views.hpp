// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/ops/views.hpp: what a kernel (or the host's evaluation loop) receives of a batch expression: a
// tree of small, trivially copyable views, one per node. An element is evaluated in two steps, so that a kernel
// can read every operand of a tile before it computes anything (and fetch the next tile meanwhile):
//   loaded = view.load(i, source)    the leaves' elements, from memory (or from a warp's stage) into registers
//   value  = view.compute(loaded, sink)
// Host and device code; plain C++.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/layout.hpp>
#include <warpnum/batch/ops/sink.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

namespace warpnum::WARPNUM_ABI::batch::ops {

/// An element read from or written to a batch of layout L. Interleaved: 32-bit word j of element i at
/// words[j * n + i].
template <class T> concept sliceable = requires { T::degree; T::poly; } && sizeof(T) % 4 == 0;

/// The most elements whose storage_bytes, rounded up to 16 bytes and with a 16-byte flags word (Batch's buffer),
/// a size_t counts.
template <class T, Layout L> constexpr std::size_t max_elements() noexcept {
  constexpr std::size_t room = SIZE_MAX - 32;
  if constexpr (L == Layout::sliced) {
    return room / (static_cast<std::size_t>(T::degree) * 4) * 32;
  } else {
    return room / sizeof(T);
  }
}

/// Bytes of storage for n elements of T in layout L.
template <class T, Layout L> constexpr std::size_t storage_bytes(std::size_t n) noexcept {
  if constexpr (L == Layout::sliced) {
    return (n + 31) / 32 * static_cast<std::size_t>(T::degree) * 4;
  } else {
    return n * sizeof(T);
  }
}

template <class T, Layout L> struct Access {
  static_assert(std::is_trivially_copyable_v<T>, "warpnum: batch elements must be trivially copyable");
  static_assert(L != Layout::sliced || sliceable<T>, "warpnum: the sliced layout holds GF2n elements");
  static_assert(L != Layout::interleaved || sizeof(T) % 4 == 0,
                "warpnum: an interleaved batch needs elements of whole 32-bit words");
  static constexpr int words = static_cast<int>(sizeof(T) / 4);

  WARPNUM_HD static T read(const void* data, std::size_t n, std::size_t i) noexcept {
    if constexpr (L == Layout::contiguous) {
      (void)n;
      return static_cast<const T*>(data)[i];
    } else if constexpr (L == Layout::sliced) {
      // Coefficient j of the element: bit (i mod 32) of row j of its chunk.
      (void)n;
      std::uint32_t w[words] = {};
      const std::uint32_t* rows = static_cast<const std::uint32_t*>(data) + i / 32 * static_cast<std::size_t>(T::degree);
      const unsigned e = static_cast<unsigned>(i % 32);
      for (int j = 0; j < T::degree; ++j) w[j / 32] |= ((rows[j] >> e) & 1u) << (j % 32);
      T x;
      std::memcpy(&x, w, sizeof(T));
      return x;
    } else {
      std::uint32_t w[words];
      const std::uint32_t* p = static_cast<const std::uint32_t*>(data) + i;
      WARPNUM_UNROLL
      for (int j = 0; j < words; ++j) w[j] = p[static_cast<std::size_t>(j) * n];
      T x;
      std::memcpy(&x, w, sizeof(T));
      return x;
    }
  }
  /// For the sliced layout: a read-modify-write of the chunk's rows, so one thread must write a whole chunk.
  WARPNUM_HD static void write(void* data, std::size_t n, std::size_t i, const T& x) noexcept {
    if constexpr (L == Layout::contiguous) {
      (void)n;
      static_cast<T*>(data)[i] = x;
    } else if constexpr (L == Layout::sliced) {
      (void)n;
      std::uint32_t w[words];
      std::memcpy(w, &x, sizeof(T));
      std::uint32_t* rows = static_cast<std::uint32_t*>(data) + i / 32 * static_cast<std::size_t>(T::degree);
      const unsigned e = static_cast<unsigned>(i % 32);
      for (int j = 0; j < T::degree; ++j) rows[j] = (rows[j] & ~(1u << e)) | (((w[j / 32] >> (j % 32)) & 1u) << e);
    } else {
      std::uint32_t w[words];
      std::memcpy(w, &x, sizeof(T));
      std::uint32_t* p = static_cast<std::uint32_t*>(data) + i;
      WARPNUM_UNROLL
      for (int j = 0; j < words; ++j) p[static_cast<std::size_t>(j) * n] = w[j];
    }
  }
};

/// Whether elements of T can go through a warp's stage (warp/stage.hpp: whole 16-byte pieces, a power of two of
/// them), and the bytes a contiguous operand of them takes in one warp's stage (32 elements).
template <class T> inline constexpr bool stage_compatible =
    sizeof(T) % 16 == 0 && ((sizeof(T) / 16) & (sizeof(T) / 16 - 1)) == 0;
template <class T, Layout L> inline constexpr unsigned stage_bytes_of =
    L == Layout::contiguous && stage_compatible<T> ? static_cast<unsigned>(32 * sizeof(T)) : 0u;

/// Reads every leaf straight from memory (the host loop, and kernels that do not stage).
struct DirectSource {
  template <class Leaf> WARPNUM_HD typename Leaf::value_type read(const Leaf& leaf, std::size_t i) const noexcept {
    return leaf.read(i);
  }
};

/// Computes f() in a loop of sink.one turns (one): a block of its own that ptxas (CUDA 13.0, sm_90) does not merge
/// with what comes before. Inlined, two products of one expression (a * b + c * d) are one block, and ptxas
/// interleaves their carry chains, keeping each chain's carry in a predicate register it saves and restores
/// (P2R, ISETP and LOP3 around every IMAD.WIDE.U32.X: 4344 instructions at 1024 bits against 1432 apart).
template <class T, class F> WARPNUM_HD T apart(const ErrorSink& sink, F&& f) {
  T r;
  WARPNUM_NO_UNROLL
  for (unsigned turn = 0; turn < sink.one; ++turn) r = f();
  return r;
}

/// Nothing to load (a scalar's part of a tile).
struct Nothing {};
template <class A, class B> struct Loaded2 {
  A a;
  B b;
};
template <class A, class B, class C> struct Loaded3 {
  A a;
  B b;
  C c;
};

/// A batch operand: n elements of T in layout L. `slot` is its place in a warp's stage (bytes from the warp's
/// stage base), or -1 when it is not staged.
template <class T, Layout L> struct LeafView {
  using value_type = T;
  using loaded_type = T;
  static constexpr Layout layout = L;
  static constexpr int leaves = 1;
  static constexpr bool heavy = false;
  static constexpr std::size_t max_element_bytes = sizeof(T);
  static constexpr unsigned stage_bytes = stage_bytes_of<T, L>;
  const void* data;
  std::size_t n;
  int slot;

  WARPNUM_HD T read(std::size_t i) const noexcept { return Access<T, L>::read(data, n, i); }
  template <class Source> WARPNUM_HD T load(std::size_t i, const Source& s) const noexcept { return s.read(*this, i); }
  WARPNUM_HD const T& compute(const T& x, const ErrorSink&) const noexcept { return x; }
  template <class F> WARPNUM_HD void for_each_leaf(F&& f) const { f(*this); }
};

/// One value for every element (a scalar operand, broadcast).
template <class T> struct ScalarView {
  using value_type = T;
  using loaded_type = Nothing;
  static constexpr int leaves = 0;
  static constexpr bool heavy = false;
  static constexpr std::size_t max_element_bytes = 0;
  static constexpr unsigned stage_bytes = 0;
  T value;

  template <class Source> WARPNUM_HD Nothing load(std::size_t, const Source&) const noexcept { return {}; }
  WARPNUM_HD const T& compute(Nothing, const ErrorSink&) const noexcept { return value; }
  template <class F> WARPNUM_HD void for_each_leaf(F&&) const {}
};

/// op(a), op(a, b), op(a, b, c) of the operands' values.
template <class Op, class A> struct Node1View {
  using value_type = std::remove_cvref_t<decltype(std::declval<const Op&>()(std::declval<const ErrorSink&>(),
                                                                             std::declval<typename A::value_type>()))>;
  using loaded_type = typename A::loaded_type;
  static constexpr int leaves = A::leaves;
  static constexpr bool heavy = heavy_op<Op> || A::heavy;
  static constexpr std::size_t max_element_bytes = A::max_element_bytes;
  static constexpr unsigned stage_bytes = A::stage_bytes;
  Op op;
  A a;

  template <class Source> WARPNUM_HD loaded_type load(std::size_t i, const Source& s) const { return a.load(i, s); }
  WARPNUM_HD value_type compute(const loaded_type& l, const ErrorSink& sink) const { return op(sink, a.compute(l, sink)); }
  template <class F> WARPNUM_HD void for_each_leaf(F&& f) const { a.for_each_leaf(f); }
};

template <class Op, class A, class B> struct Node2View {
  using value_type = std::remove_cvref_t<decltype(std::declval<const Op&>()(
      std::declval<const ErrorSink&>(), std::declval<typename A::value_type>(), std::declval<typename B::value_type>()))>;
  using loaded_type = Loaded2<typename A::loaded_type, typename B::loaded_type>;
  static constexpr int leaves = A::leaves + B::leaves;
  static constexpr bool heavy = heavy_op<Op> || A::heavy || B::heavy;
  static constexpr std::size_t max_element_bytes =
      A::max_element_bytes > B::max_element_bytes ? A::max_element_bytes : B::max_element_bytes;
  static constexpr unsigned stage_bytes = A::stage_bytes + B::stage_bytes;
  Op op;
  A a;
  B b;

  template <class Source> WARPNUM_HD loaded_type load(std::size_t i, const Source& s) const { return {a.load(i, s), b.load(i, s)}; }
  WARPNUM_HD value_type compute(const loaded_type& l, const ErrorSink& sink) const {
    const auto x = a.compute(l.a, sink);
    if constexpr (A::heavy && B::heavy) {  // each heavy operand in a block of its own (see apart)
      return op(sink, x, apart<typename B::value_type>(sink, [&] { return b.compute(l.b, sink); }));
    } else {
      return op(sink, x, b.compute(l.b, sink));
    }
  }
  template <class F> WARPNUM_HD void for_each_leaf(F&& f) const {
    a.for_each_leaf(f);
    b.for_each_leaf(f);
  }
};

template <class Op, class A, class B, class C> struct Node3View {
  using value_type = std::remove_cvref_t<decltype(std::declval<const Op&>()(
      std::declval<const ErrorSink&>(), std::declval<typename A::value_type>(), std::declval<typename B::value_type>(),
      std::declval<typename C::value_type>()))>;
  using loaded_type = Loaded3<typename A::loaded_type, typename B::loaded_type, typename C::loaded_type>;
  static constexpr int leaves = A::leaves + B::leaves + C::leaves;
  static constexpr bool heavy = heavy_op<Op> || A::heavy || B::heavy || C::heavy;
  static constexpr std::size_t max_element_bytes =
      (A::max_element_bytes > B::max_element_bytes ? A::max_element_bytes : B::max_element_bytes) > C::max_element_bytes
          ? (A::max_element_bytes > B::max_element_bytes ? A::max_element_bytes : B::max_element_bytes)
          : C::max_element_bytes;
  static constexpr unsigned stage_bytes = A::stage_bytes + B::stage_bytes + C::stage_bytes;
  Op op;
  A a;
  B b;
  C c;

  template <class Source> WARPNUM_HD loaded_type load(std::size_t i, const Source& s) const {
    return {a.load(i, s), b.load(i, s), c.load(i, s)};
  }
  WARPNUM_HD value_type compute(const loaded_type& l, const ErrorSink& sink) const {
    const auto x = a.compute(l.a, sink);
    if constexpr (B::heavy || C::heavy) {  // each heavy operand in a block of its own (see apart)
      const auto y = apart<typename B::value_type>(sink, [&] { return b.compute(l.b, sink); });
      return op(sink, x, y, apart<typename C::value_type>(sink, [&] { return c.compute(l.c, sink); }));
    } else {
      return op(sink, x, b.compute(l.b, sink), c.compute(l.c, sink));
    }
  }
  template <class F> WARPNUM_HD void for_each_leaf(F&& f) const {
    a.for_each_leaf(f);
    b.for_each_leaf(f);
    c.for_each_leaf(f);
  }
};

/// Where results go: n elements of T in layout L; `slot` as for LeafView (the output's stage).
template <class T, Layout L> struct DestView {
  using value_type = T;
  static constexpr Layout layout = L;
  static constexpr unsigned stage_bytes = stage_bytes_of<T, L>;
  void* data;
  std::size_t n;
  int slot;

  WARPNUM_HD void write(std::size_t i, const T& x) const noexcept { Access<T, L>::write(data, n, i, x); }
};

}  // namespace warpnum::WARPNUM_ABI::batch::ops
