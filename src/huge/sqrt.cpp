// SPDX-License-Identifier: Apache-2.0
// src/huge/sqrt.cpp: Integer's isqrt, huge::isqrt (include/warpnum/huge/newton_sqrt.hpp) on Integer: Zimmermann's
// square root on the host's words up to newton_sqrt_base_limbs limbs where x is on the host or small, else Newton's
// iteration on the place's multiply and division.
#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/newton_sqrt.hpp>
#include <warpnum/integer.hpp>

namespace warpnum {

Integer isqrt(const Integer& x) { return huge::isqrt<Integer>(x); }

}  // namespace warpnum
