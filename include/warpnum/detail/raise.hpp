// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/raise.hpp: the one place where a host error becomes an exception (docs/errors.md).
#pragma once

#include <warpnum/config.hpp>

namespace warpnum::detail {

/// Reports an error on the host: throws `E` (or, without exceptions, does nothing so that the caller's
/// defined device result stands). During constant evaluation the throw makes the expression non-constant.
#if WARPNUM_HAS_EXCEPTIONS
#  define WARPNUM_DETAIL_THROW(E, what) throw E(what);
#else
#  define WARPNUM_DETAIL_THROW(E, what) (void)(what);
#endif
template <class E> WARPNUM_HD constexpr void raise([[maybe_unused]] const char* what) {
  WARPNUM_IF_HOST((WARPNUM_DETAIL_THROW(E, what)))
}

}  // namespace warpnum::detail
