// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/target.hpp: where a variant may run. Each selection file (detail/<operation>/select.hpp) guards
// its fast variants with these, so that one body serves host, device and constant evaluation.
#pragma once

#include <warpnum/config.hpp>

#if WARPNUM_HAS_INT128
/// Runs its statements in host code at run time only, where the 64-bit word bodies above apply: not on the
/// device, not in constant evaluation. A macro because picking a target needs NV_IF_TARGET's preprocessing.
#  define WARPNUM_DETAIL_ON_HOST64(...)                           \
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {                       \
      WARPNUM_IF_ELSE_DEVICE((), ({ __VA_ARGS__ }))               \
    }
#else
#  define WARPNUM_DETAIL_ON_HOST64(...)
#endif

#if WARPNUM_DEVICE_BRANCH
/// Runs its statements in device code at run time only (not in constant evaluation): the device's unrolled
/// variants (PTX rows and columns).
#  define WARPNUM_DETAIL_ON_DEVICE_ROWS(...)                      \
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {                       \
      WARPNUM_IF_ELSE_DEVICE(({ __VA_ARGS__ }), ())               \
    }
#else
#  define WARPNUM_DETAIL_ON_DEVICE_ROWS(...)
#endif
