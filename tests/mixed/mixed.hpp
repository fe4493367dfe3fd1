// SPDX-License-Identifier: Apache-2.0
// tests/mixed/mixed.hpp: what each half of the mixed program reports: one half compiled by g++
// (mixed_gxx.cpp), one by nvcc (mixed_nvcc.cu), both evaluating the same batch expression. Declarations only, in
// types that mean the same to both compilers.
#pragma once

#include <cstdint>
#include <string>

namespace warpnum::test {

/// What a translation unit saw when it evaluated d = a * b + c over Batch<BigUInt<1024>> (Place::automatic).
struct MixedSide {
  std::string compiler;         ///< who compiled the half: "g++" or "nvcc"
  bool right = false;           ///< every element of d equals a * b + c computed element by element on the host
  bool on_device = false;       ///< d.place() == Place::device
  bool gpu = false;             ///< warpnum::gpu_available() as this half sees it
  std::uint64_t evaluations = 0;  ///< batch::evaluations() counted by this half's own counter for the one assignment
  std::string device_refusal;   ///< what Batch(n, Place::device) threw ("" when it made a device batch)
};

MixedSide gxx_side();
MixedSide nvcc_side();

}  // namespace warpnum::test
