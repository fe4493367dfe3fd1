// SPDX-License-Identifier: Apache-2.0
// warpnum/warpnum.hpp: everything a host or device program needs, in one include.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/format.hpp>
#include <warpnum/fp.hpp>
#include <warpnum/functional.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/mul_strategy.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/status.hpp>
