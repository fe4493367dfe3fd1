// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/strategy.hpp: how the GPU evaluates a batch expression, chosen per expression at compile time.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

namespace warpnum {

/// How a kernel maps elements to threads.
enum class Strategy : std::uint8_t {
  /// The evaluator's choice from the table measured on sm_90 (mul_strategy.hpp): a lane group where the
  /// table multiplies by lanes (from 4096 bits) and every node of the expression has a lane-group form;
  /// otherwise one thread an element, its contiguous operands moved through warp stages when they fit
  /// (thread_staged), else read directly (thread).
  automatic,
  /// One thread an element, operands read straight from memory (a grid-stride loop).
  thread,
  /// One thread an element; each warp moves the 32 elements of a tile of every contiguous operand, and of the
  /// result, through shared memory in coalesced, asynchronous copies (warp/stage.hpp), fetching the next tile
  /// while it computes this one.
  thread_staged,
  /// A group of G lanes an element (G a power of two up to 32): leaves, scalars, + - * & | ^ of one BigInt or
  /// BigUInt width, and powm with an odd shared modulus (warp::Montgomery).
  lanes,
};

}  // namespace warpnum
