// SPDX-License-Identifier: Apache-2.0
// tests/mixed/mixed_nvcc.cu: the half of the mixed program that nvcc compiles.
#include "mixed/mixed_side.hpp"

warpnum::test::MixedSide warpnum::test::nvcc_side() { return mixed_side("nvcc"); }
