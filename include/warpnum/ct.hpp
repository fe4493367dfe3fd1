// SPDX-License-Identifier: Apache-2.0
// warpnum/ct.hpp: constant-time arithmetic for secret operands (namespace warpnum::ct): comparisons answering with a
// ct::Choice, select and conditional swap, sums, differences and products modulo m, Montgomery contexts whose
// products, powers and prime-field inverses run the same instructions and touch the same memory for every value,
// inverses modulo any odd number (Bernstein and Yang's division steps), and the blinded RSA-CRT private operation.
// Host, device and constexpr. The variable-time functions of modular.hpp stay the default and the fastest;
// docs/security.md says what is protected, on which targets, and how each claim is tested.
#pragma once

#include <warpnum/ct/choice.hpp>
#include <warpnum/ct/compare.hpp>
#include <warpnum/ct/inverse.hpp>
#include <warpnum/ct/modular.hpp>
#include <warpnum/ct/montgomery.hpp>
#include <warpnum/ct/rsa.hpp>
