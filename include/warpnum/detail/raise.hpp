// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/raise.hpp: the one place where a host error becomes an exception (docs/errors.md, "The error
// model"). Two functions, one per kind of error (and throw_exception, throw_error's form for an exception object):
// - raise<E>(what): an operation with a defined result (the device's, listed in docs/errors.md). The host throws
//   E(what); the device, and a host built with -fno-exceptions, return, and the caller's defined result stands.
// - throw_error<E>(what): a host-only operation with no defined result (malformed text, an argument a launcher
//   cannot take, a failed CUDA call). Throws E(what); built with -fno-exceptions, writes `what` to stderr and calls
//   std::abort, as the standard library and {fmt} do without exceptions. Never returns.
// Every translation unit of a program should agree on exceptions: these are inline functions, and the linker keeps
// one body of each.
#pragma once

#include <warpnum/config.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace warpnum::detail {

/// Reports an error of an operation that has a defined result: throws `E(what)` on the host; on the device, and
/// without exceptions, does nothing, so that the caller's defined result stands. During constant evaluation the
/// throw makes the expression non-constant.
#if WARPNUM_HAS_EXCEPTIONS
#  define WARPNUM_DETAIL_THROW(E, what) throw E(what);
#else
#  define WARPNUM_DETAIL_THROW(E, what) (void)(what);
#endif
template <class E> WARPNUM_HD constexpr void raise([[maybe_unused]] const char* what) {
  WARPNUM_IF_HOST((WARPNUM_DETAIL_THROW(E, what)))
}

/// Reports an error of a host-only operation that has no defined result: throws `e`; without exceptions, writes
/// e.what() and a newline to stderr and calls std::abort. For exceptions built from more than a message (OutOfMemory).
template <class E>
[[noreturn]] void throw_exception(const E& e) {
#if WARPNUM_HAS_EXCEPTIONS
  throw e;
#else
  std::fprintf(stderr, "%s\n", e.what());
  std::abort();
#endif
}

/// Reports an error of a host-only operation that has no defined result: throws `E(what)` (`E()` for an exception
/// without a message, as std::bad_alloc); without exceptions, writes `what` and a newline to stderr and calls
/// std::abort. Host code only; in constant evaluation a call makes the expression non-constant.
template <class E>
[[noreturn]] void throw_error(const std::string& what) {
#if WARPNUM_HAS_EXCEPTIONS
  if constexpr (std::is_constructible_v<E, const std::string&>) {
    throw E(what);
  } else {
    throw E();
  }
#else
  std::fprintf(stderr, "%s\n", what.c_str());
  std::abort();
#endif
}

}  // namespace warpnum::detail
