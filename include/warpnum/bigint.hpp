// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint.hpp: BigUInt<Bits> and BigInt<Bits>, fixed-width integers for host, device and constexpr code.
// The class is in bigint/basic_int.hpp; each group of operations has its own file beside it.
#pragma once

#include <warpnum/bigint/arith.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/bigint/bytes.hpp>
#include <warpnum/bigint/div.hpp>
#include <warpnum/bigint/gcd.hpp>
#include <warpnum/bigint/sqrt.hpp>
#include <warpnum/bigint/std.hpp>
#include <warpnum/bigint/text.hpp>
