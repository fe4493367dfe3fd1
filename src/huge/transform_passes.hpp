// SPDX-License-Identifier: Apache-2.0
// src/huge/transform_passes.hpp (private to warpnum::huge): the device transform of one product (convolve.cu), pass
// by pass over ranges of its columns and rows, for a caller that spreads one transform over several GPUs
// (distributed_transform.cu). The passes are convolve.cu's four steps: the columns forward (both operands' limbs,
// reduced, transformed, times the four-step twiddles), the rows (forward, the pointwise product, inverse), the
// columns inverse, and the finish (the remainder step and the carries). Each launch is queued on a stream of the
// current GPU, with that GPU's twiddle tables; none waits. CUDA builds only.
#pragma once

#include "engine.hpp"

#include <cstddef>
#include <cstdint>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>

namespace warpnum::huge {

/// The transform's matrix and blocks for a product of na x nb limbs (a square where `square`: one operand). Its
/// residues are operands() x 3 arrays of length() words, operand o's prime q at (3 o + q) length(), each an n1 x n2
/// matrix by rows: the column passes work on tiles of `tile` whole columns, the row pass on groups of `rows` whole
/// rows.
struct TransformShape {
  std::size_t length;       ///< L = n1 n2 points
  std::uint32_t n1, n2;     ///< rows and columns
  std::uint32_t tile;       ///< columns of a column tile (n2 / tile tiles)
  std::uint32_t rows;       ///< rows of a row group (n1 / rows groups)
  std::uint32_t operands;   ///< 1 (a square) or 2
  std::uint32_t column_tiles() const { return n2 / tile; }
  std::uint32_t row_groups() const { return n1 / rows; }
  std::size_t residue_words() const { return length * 3 * operands; }
};

TransformShape transform_shape(std::size_t na, std::size_t nb, bool square);

/// Tiles [first, end) of the columns forward of a * b (a == b with na == nb: a square), into `residues`.
void transform_columns_forward(std::uint32_t* residues, const limb_t* a, std::size_t na, const limb_t* b,
                               std::size_t nb, std::uint32_t first, std::uint32_t end, cudaStream_t stream);
/// Row groups [first, end) of the row pass, which reads both operands' rows and writes operand 0's.
void transform_rows(std::uint32_t* residues, std::size_t na, std::size_t nb, bool square, std::uint32_t first,
                    std::uint32_t end, cudaStream_t stream);
/// Tiles [first, end) of the columns inverse, on operand 0's residues.
void transform_columns_inverse(std::uint32_t* residues, std::size_t na, std::size_t nb, bool square,
                               std::uint32_t first, std::uint32_t end, cudaStream_t stream);
/// r[0, n_out) = the sum over k in [first, first + count) of coefficient k 2^(32 (k - first)), the coefficients from
/// operand 0's residues after every pass (normalise_residues: the remainder step in the carries); first = 0 and
/// count = na + nb - 1 give the product. n_out >= count + 3 holds all of it.
void transform_finish(limb_t* r, std::size_t n_out, const std::uint32_t* residues, std::size_t first,
                      std::size_t count, std::size_t na, std::size_t nb, cudaStream_t stream);

}  // namespace warpnum::huge
#endif
