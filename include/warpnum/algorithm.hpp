// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm.hpp: the algorithms with Thrust's signatures and an execution policy (transform, reduce,
// transform_reduce, inner_product, count_if, sort) and the function objects they are used with. Includes Thrust:
// under a plain C++ compiler it needs the CUDA toolkit's include folders (include/ and include/cccl) and, for
// host-only programs, THRUST_DEVICE_SYSTEM set to THRUST_DEVICE_SYSTEM_OMP or THRUST_DEVICE_SYSTEM_CPP.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/count_if.hpp>
#include <warpnum/algorithm/execution_policy.hpp>
#include <warpnum/algorithm/inner_product.hpp>
#include <warpnum/algorithm/reduce.hpp>
#include <warpnum/algorithm/sort.hpp>
#include <warpnum/algorithm/transform.hpp>
#include <warpnum/algorithm/transform_reduce.hpp>
#include <warpnum/functional.hpp>
