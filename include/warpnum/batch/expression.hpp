// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/expression.hpp: batch expressions. Operators and functions on batches build a tree of nodes and
// compute nothing; assigning the tree to a Batch evaluates it in one kernel (or one host loop). A batch named by
// an lvalue is held by reference; a temporary batch is moved into the tree, and sub-expressions are held by value,
// so `auto e = a * b + c;` cannot dangle (while a, b and c live). Plain C++; nvcc and g++.
//
//   Batch<BigUInt<1024>> d = a * b + c;         // one launch
//   d = select(a < b, a, b) * 3u;                 // scalars are broadcast
//   d = powm(a, e, m);                            // one modulus: its context built once, here, on the host
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/layout.hpp>
#include <warpnum/batch/ops/functions.hpp>
#include <warpnum/batch/ops/views.hpp>
#include <warpnum/batch/strategy.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/modular.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace warpnum::WARPNUM_ABI {

template <class T, Layout L> class Batch;

namespace batch {

template <class X> inline constexpr bool is_batch_v = false;
template <class T, Layout L> inline constexpr bool is_batch_v<Batch<T, L>> = true;

/// Builds the views of a tree: checks that every batch operand has the same size and place, and gives each
/// contiguous operand whose elements can be staged its place in a warp's stage (in the order the kernel's
/// for_each_leaf visits them).
struct Plan {
  static constexpr std::size_t any_size = std::numeric_limits<std::size_t>::max();
  std::size_t size = any_size;
  Place place = Place::automatic;
  stream_handle stream = nullptr;
  int stage_offset = 0;

  template <class T, Layout L> int leaf(const void* data, std::size_t n, Place p) {
    if (size != any_size && size != n)
      warpnum::detail::throw_error<std::invalid_argument>(
          "warpnum: batch expression over batches of different sizes (" + std::to_string(size) + " and " +
          std::to_string(n) + ")");
    if (place != Place::automatic && place != p)
      warpnum::detail::throw_error<std::invalid_argument>(
          "warpnum: batch expression mixes host and device batches; copy one to the other's place");
    size = n;
    place = p;
    (void)data;
    if constexpr (ops::stage_bytes_of<T, L> != 0) {
      const int slot = stage_offset;
      stage_offset += static_cast<int>(ops::stage_bytes_of<T, L>);
      return slot;
    } else {
      return -1;
    }
  }
};

/// A batch lvalue in a tree: held by address.
template <class T, Layout L> struct Ref {
  using view_type = ops::LeafView<T, L>;
  using value_type = T;
  const Batch<T, L>* batch;
  view_type view(Plan& p) const {
    return {batch->raw(), batch->size(), p.leaf<T, L>(batch->raw(), batch->size(), batch->place())};
  }
};

/// A temporary batch in a tree: moved in, and freed after the evaluation that reads it (on its stream).
template <class T, Layout L> struct Own {
  using view_type = ops::LeafView<T, L>;
  using value_type = T;
  mutable Batch<T, L> batch;
  view_type view(Plan& p) const {
    batch.set_stream(p.stream);  // its memory is freed in order after the kernel that reads it
    return {batch.raw(), batch.size(), p.leaf<T, L>(batch.raw(), batch.size(), batch.place())};
  }
};

/// One value for every element.
template <class T> struct Scalar {
  using view_type = ops::ScalarView<T>;
  using value_type = T;
  T value;
  view_type view(Plan&) const { return {value}; }
};

template <class Op, class A> struct Node1 {
  using view_type = ops::Node1View<Op, typename A::view_type>;
  using value_type = typename view_type::value_type;
  Op op;
  A a;
  view_type view(Plan& p) const { return {op, a.view(p)}; }
};
template <class Op, class A, class B> struct Node2 {
  using view_type = ops::Node2View<Op, typename A::view_type, typename B::view_type>;
  using value_type = typename view_type::value_type;
  Op op;
  A a;
  B b;
  view_type view(Plan& p) const {
    auto va = a.view(p);
    return {op, va, b.view(p)};
  }
};
template <class Op, class A, class B, class C> struct Node3 {
  using view_type = ops::Node3View<Op, typename A::view_type, typename B::view_type, typename C::view_type>;
  using value_type = typename view_type::value_type;
  Op op;
  A a;
  B b;
  C c;
  view_type view(Plan& p) const {
    auto va = a.view(p);
    auto vb = b.view(p);
    return {op, va, vb, c.view(p)};
  }
};

/// An expression with the strategy its user chose for it (with_strategy).
template <class E, Strategy S, unsigned G> struct Strategic {
  using view_type = typename E::view_type;
  using value_type = typename E::value_type;
  static constexpr Strategy strategy = S;
  static constexpr unsigned lanes = G;
  E e;
  view_type view(Plan& p) const { return e.view(p); }
};

template <class X> inline constexpr bool is_node_v = false;
template <class T, Layout L> inline constexpr bool is_node_v<Ref<T, L>> = true;
template <class T, Layout L> inline constexpr bool is_node_v<Own<T, L>> = true;
template <class T> inline constexpr bool is_node_v<Scalar<T>> = true;
template <class Op, class A> inline constexpr bool is_node_v<Node1<Op, A>> = true;
template <class Op, class A, class B> inline constexpr bool is_node_v<Node2<Op, A, B>> = true;
template <class Op, class A, class B, class C> inline constexpr bool is_node_v<Node3<Op, A, B, C>> = true;
template <class E, Strategy S, unsigned G> inline constexpr bool is_node_v<Strategic<E, S, G>> = true;

/// A batch expression: a tree of nodes (what operators on batches return).
template <class X> concept Expression = is_node_v<std::remove_cvref_t<X>>;
/// What operators on batches take: a Batch or an expression.
template <class X> concept Operand = Expression<X> || is_batch_v<std::remove_cvref_t<X>>;
/// A value broadcast to every element: anything that is not an operand.
template <class X> concept ScalarOperand = !Operand<X>;

/// The node for an operand: a reference to a batch lvalue, a temporary batch moved in, an expression as it is.
template <Operand X> auto node(X&& x) {
  using D = std::remove_cvref_t<X>;
  if constexpr (is_batch_v<D>) {
    if constexpr (std::is_lvalue_reference_v<X>) {
      return Ref<typename D::value_type, D::layout>{&x};
    } else {
      return Own<typename D::value_type, D::layout>{std::move(x)};
    }
  } else {
    return D(std::forward<X>(x));
  }
}

template <Operand X> using value_t = typename decltype(node(std::declval<X>()))::value_type;

/// A scalar beside an operand of element type T: converted to T once, here.
template <class T, class S> Scalar<T> scalar(const S& s) {
  static_assert(std::is_constructible_v<T, const S&>, "warpnum: a scalar in a batch expression must convert to the "
                                                      "batch's element type");
  return {T(s)};
}

/// powm's exponent: an operand's node, or one exponent for every element as the BigUInt powm takes.
template <class E> auto exponent_node(E&& e) {
  if constexpr (Operand<E>) {
    return node(std::forward<E>(e));
  } else {
    using X = decltype(ops::exponent(e));
    return Scalar<X>{ops::exponent(e)};
  }
}

template <class Op, class A, class B> auto make2(Op op, A&& a, B&& b) {
  return Node2<Op, std::remove_cvref_t<A>, std::remove_cvref_t<B>>{op, std::forward<A>(a), std::forward<B>(b)};
}

}  // namespace batch

// Operators. Each takes two operands, or an operand and a scalar (converted to the operand's element type).
#define WARPNUM_BATCH_OPERATOR(sym, op)                                                                        \
  template <batch::Operand A, batch::Operand B> auto operator sym(A&& a, B&& b) {                             \
    return batch::make2(op{}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));              \
  }                                                                                                            \
  template <batch::Operand A, batch::ScalarOperand S> auto operator sym(A&& a, const S& s) {                  \
    return batch::make2(op{}, batch::node(std::forward<A>(a)), batch::scalar<batch::value_t<A>>(s));          \
  }                                                                                                            \
  template <batch::ScalarOperand S, batch::Operand B> auto operator sym(const S& s, B&& b) {                  \
    return batch::make2(op{}, batch::scalar<batch::value_t<B>>(s), batch::node(std::forward<B>(b)));          \
  }
WARPNUM_BATCH_OPERATOR(+, batch::ops::plus)
WARPNUM_BATCH_OPERATOR(-, batch::ops::minus)
WARPNUM_BATCH_OPERATOR(*, batch::ops::multiplies)
WARPNUM_BATCH_OPERATOR(/, batch::ops::divides)
WARPNUM_BATCH_OPERATOR(%, batch::ops::modulus)
WARPNUM_BATCH_OPERATOR(&, batch::ops::bit_and)
WARPNUM_BATCH_OPERATOR(|, batch::ops::bit_or)
WARPNUM_BATCH_OPERATOR(^, batch::ops::bit_xor)
WARPNUM_BATCH_OPERATOR(==, batch::ops::equal_to)
WARPNUM_BATCH_OPERATOR(!=, batch::ops::not_equal_to)
WARPNUM_BATCH_OPERATOR(<, batch::ops::less)
WARPNUM_BATCH_OPERATOR(<=, batch::ops::less_equal)
WARPNUM_BATCH_OPERATOR(>, batch::ops::greater)
WARPNUM_BATCH_OPERATOR(>=, batch::ops::greater_equal)
#undef WARPNUM_BATCH_OPERATOR

/// x << s and x >> s: s a batch of counts or one count (any built-in integer; kept as a 64-bit count).
template <batch::Operand A, batch::Operand B> auto operator<<(A&& a, B&& b) {
  return batch::make2(batch::ops::shift_left{}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));
}
template <batch::Operand A, std::integral S> auto operator<<(A&& a, S s) {
  return batch::make2(batch::ops::shift_left{}, batch::node(std::forward<A>(a)),
                      batch::Scalar<std::uint64_t>{static_cast<std::uint64_t>(s)});
}
template <batch::Operand A, batch::Operand B> auto operator>>(A&& a, B&& b) {
  return batch::make2(batch::ops::shift_right{}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));
}
template <batch::Operand A, std::integral S> auto operator>>(A&& a, S s) {
  return batch::make2(batch::ops::shift_right{}, batch::node(std::forward<A>(a)),
                      batch::Scalar<std::uint64_t>{static_cast<std::uint64_t>(s)});
}

template <batch::Operand A> auto operator-(A&& a) {
  using N = decltype(batch::node(std::forward<A>(a)));
  return batch::Node1<batch::ops::negate, N>{{}, batch::node(std::forward<A>(a))};
}
template <batch::Operand A> auto operator~(A&& a) {
  using N = decltype(batch::node(std::forward<A>(a)));
  return batch::Node1<batch::ops::bit_not, N>{{}, batch::node(std::forward<A>(a))};
}
/// The expression that reads a batch as it is (to assign one layout to another, or to name a batch where an
/// expression is wanted).
template <batch::Operand A> auto operator+(A&& a) { return batch::node(std::forward<A>(a)); }

/// The smaller and the larger of two operands, element by element (or of an operand and a scalar).
template <batch::Operand A, class B> auto min(A&& a, B&& b) {
  if constexpr (batch::Operand<B>) {
    return batch::make2(batch::ops::minimum{}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));
  } else {
    return batch::make2(batch::ops::minimum{}, batch::node(std::forward<A>(a)), batch::scalar<batch::value_t<A>>(b));
  }
}
template <batch::Operand A, class B> auto max(A&& a, B&& b) {
  if constexpr (batch::Operand<B>) {
    return batch::make2(batch::ops::maximum{}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));
  } else {
    return batch::make2(batch::ops::maximum{}, batch::node(std::forward<A>(a)), batch::scalar<batch::value_t<A>>(b));
  }
}

/// cond ? a : b, element by element; cond a batch expression of bool (a comparison) or of anything that
/// converts to bool; a and b operands or scalars.
template <batch::Operand C, class A, class B> auto select(C&& c, A&& a, B&& b) {
  auto nc = batch::node(std::forward<C>(c));
  if constexpr (batch::Operand<A> && batch::Operand<B>) {
    auto na = batch::node(std::forward<A>(a));
    auto nb = batch::node(std::forward<B>(b));
    return batch::Node3<batch::ops::select, decltype(nc), decltype(na), decltype(nb)>{{}, std::move(nc), std::move(na), std::move(nb)};
  } else if constexpr (batch::Operand<A>) {
    auto na = batch::node(std::forward<A>(a));
    auto nb = batch::scalar<batch::value_t<A>>(b);
    return batch::Node3<batch::ops::select, decltype(nc), decltype(na), decltype(nb)>{{}, std::move(nc), std::move(na), std::move(nb)};
  } else {
    static_assert(batch::Operand<B>, "warpnum: select(cond, a, b) needs a or b to be a batch or an expression");
    auto nb = batch::node(std::forward<B>(b));
    auto na = batch::scalar<batch::value_t<B>>(a);
    return batch::Node3<batch::ops::select, decltype(nc), decltype(na), decltype(nb)>{{}, std::move(nc), std::move(na), std::move(nb)};
  }
}

/// The full product of two operands (BigUInt<2 Bits> or BigInt<2 Bits> elements).
template <batch::Operand A, batch::Operand B> auto mul_wide(A&& a, B&& b) {
  return batch::make2(batch::ops::mul_wide{}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));
}
/// a * a, by the squaring algorithm.
template <batch::Operand A> auto sqr(A&& a) {
  using N = decltype(batch::node(std::forward<A>(a)));
  return batch::Node1<batch::ops::square, N>{{}, batch::node(std::forward<A>(a))};
}
/// Each element converted to U explicitly (wider, narrower, the other signedness).
template <class U, batch::Operand A> auto convert(A&& a) {
  using N = decltype(batch::node(std::forward<A>(a)));
  return batch::Node1<batch::ops::convert<U>, N>{{}, batch::node(std::forward<A>(a))};
}

/// a^e mod m for one modulus m (a host value): odd m by Montgomery, even m by Barrett, the context built here
/// once. e: an operand of unsigned integers (BigUInt, or built-in), or one exponent for all. m == 0 throws
/// std::domain_error here, before anything runs.
template <batch::Operand A, class E, std::size_t Bits> auto powm(A&& a, E&& e, const BigUInt<Bits>& m) {
  static_assert(std::is_same_v<batch::value_t<A>, BigUInt<Bits>>,
                "warpnum: powm(a, e, m) needs a's elements to be BigUInt of m's width");
  if (m.is_zero()) warpnum::detail::throw_error<std::domain_error>("warpnum: powm over a batch: the modulus is zero");
  batch::ops::powm_modulus<Bits> op{};
  op.odd = m.bit(0);
  if (op.odd) {
    op.mont = Montgomery<Bits>(m);
  } else {
    op.barrett = Barrett<Bits>(m);
  }
  return batch::make2(op, batch::node(std::forward<A>(a)), batch::exponent_node(std::forward<E>(e)));
}
/// a^e mod m with a context built by the caller (Montgomery<Bits> for an odd m, Barrett<Bits> for any m).
template <batch::Operand A, class E, class Ctx>
  requires(std::is_same_v<Ctx, Montgomery<Ctx::value_type::bits>> || std::is_same_v<Ctx, Barrett<Ctx::value_type::bits>>)
auto powm(A&& a, E&& e, const Ctx& ctx) {
  return batch::make2(batch::ops::powm_shared<Ctx>{ctx}, batch::node(std::forward<A>(a)),
                      batch::exponent_node(std::forward<E>(e)));
}
/// a^e mod m with a modulus an element (m an operand): an element whose m is zero gives 0 and raises
/// Status::division_by_zero in the destination's status().
template <batch::Operand A, class E, batch::Operand M> auto powm(A&& a, E&& e, M&& m) {
  auto na = batch::node(std::forward<A>(a));
  auto ne = batch::exponent_node(std::forward<E>(e));
  auto nm = batch::node(std::forward<M>(m));
  return batch::Node3<batch::ops::powm_each, decltype(na), decltype(ne), decltype(nm)>{{}, std::move(na), std::move(ne), std::move(nm)};
}

/// The context's operations over batches, its modulus shared: for Montgomery<Bits> on Montgomery forms (mul_mod:
/// a b R^-1 mod m; to_montgomery, from_montgomery convert), for Barrett<Bits> on residues (mul_mod: a b mod m).
/// Operands are residues (below m).
template <batch::Operand A, batch::Operand B, class Ctx> auto mul_mod(A&& a, B&& b, const Ctx& ctx) {
  return batch::make2(batch::ops::mul_mod<Ctx>{ctx}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));
}
template <batch::Operand A, batch::Operand B, class Ctx> auto add_mod(A&& a, B&& b, const Ctx& ctx) {
  return batch::make2(batch::ops::add_mod<Ctx>{ctx}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));
}
template <batch::Operand A, batch::Operand B, class Ctx> auto sub_mod(A&& a, B&& b, const Ctx& ctx) {
  return batch::make2(batch::ops::sub_mod<Ctx>{ctx}, batch::node(std::forward<A>(a)), batch::node(std::forward<B>(b)));
}
template <batch::Operand A, std::size_t Bits> auto to_montgomery(A&& a, const Montgomery<Bits>& ctx) {
  using N = decltype(batch::node(std::forward<A>(a)));
  return batch::Node1<batch::ops::to_montgomery<Montgomery<Bits>>, N>{{ctx}, batch::node(std::forward<A>(a))};
}
template <batch::Operand A, std::size_t Bits> auto from_montgomery(A&& a, const Montgomery<Bits>& ctx) {
  using N = decltype(batch::node(std::forward<A>(a)));
  return batch::Node1<batch::ops::from_montgomery<Montgomery<Bits>>, N>{{ctx}, batch::node(std::forward<A>(a))};
}

/// The expression evaluated with the strategy S (and G lanes an element for Strategy::lanes) instead of the
/// evaluator's choice: `d = with_strategy<Strategy::thread>(a * b);`.
template <Strategy S, unsigned G = 0, batch::Operand A> auto with_strategy(A&& a) {
  static_assert(S != Strategy::lanes || (G >= 2 && G <= 32 && (G & (G - 1)) == 0),
                "warpnum: with_strategy<Strategy::lanes, G>: G is 2, 4, 8, 16 or 32");
  using N = decltype(batch::node(std::forward<A>(a)));
  return batch::Strategic<N, S, G>{batch::node(std::forward<A>(a))};
}

}  // namespace warpnum::WARPNUM_ABI
