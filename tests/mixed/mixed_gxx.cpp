// SPDX-License-Identifier: Apache-2.0
// tests/mixed/mixed_gxx.cpp: the half of the mixed program that g++ compiles.
#include "mixed/mixed_side.hpp"

warpnum::test::MixedSide warpnum::test::gxx_side() { return mixed_side("g++"); }
