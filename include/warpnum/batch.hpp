// SPDX-License-Identifier: Apache-2.0
// warpnum/batch.hpp: batches of numbers and the expressions over them, evaluated in one fused kernel, or on
// every host core where there is no GPU (or the program was not compiled by nvcc).
//
//   #include <warpnum/batch.hpp>
//   using T = warpnum::BigUInt<1024>;
//   warpnum::Batch<T> a(va), b(vb), c(vc);        // from std::vector<T>: device memory when there is a GPU
//   warpnum::Batch<T> d = a * b + c;              // one kernel, asynchronous on d's stream
//   d = warpnum::powm(d, e, m);                   // e a batch or one exponent; m one modulus
//   warpnum::Batch<F> y = warpnum::inverse(x);    // F a field (Fp, GF2n): Montgomery's trick, by chunks
//   std::vector<T> out = d.to_vector();           // waits for the GPU
//
// Host-only builds: link OpenMP (-fopenmp) to use every core; without it the loop runs on one. A translation unit
// compiled by g++ knows no kernels: its batches live on the host (Place::automatic), and a device batch assigned
// there throws std::logic_error. Keep the code that evaluates device batches in files nvcc compiles.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/batch.hpp>
#include <warpnum/batch/dispatch/evaluate.hpp>
#include <warpnum/batch/expression.hpp>
#include <warpnum/batch/inverse.hpp>
#include <warpnum/batch/layout.hpp>
#include <warpnum/batch/strategy.hpp>
