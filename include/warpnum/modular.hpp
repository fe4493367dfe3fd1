// SPDX-License-Identifier: Apache-2.0
// warpnum/modular.hpp: modular arithmetic on BigUInt: Montgomery and Barrett contexts, powm, modinv,
// multi-exponentiation, fixed-base exponentiation and Miller-Rabin. Host, constexpr and device code alike; each
// group has its own file in modular/.
//
// Errors (docs/errors.md): host calls throw std::domain_error (a zero modulus, an even modulus given to
// Montgomery, no inverse); the `_checked` forms and device code return a defined value and a Status.
// Nothing here runs in constant time: do not use it where timing may leak a secret.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/modular/barrett.hpp>
#include <warpnum/modular/fixed_base.hpp>
#include <warpnum/modular/inverse.hpp>
#include <warpnum/modular/montgomery.hpp>
#include <warpnum/modular/pow.hpp>
#include <warpnum/modular/prime.hpp>
