// SPDX-License-Identifier: Apache-2.0
// tests/sanitizer/thrust_equal_padding.cu: thrust::equal over two device vectors of ints, and nothing of warpnum's.
// compute-sanitizer's initcheck reports one "Uninitialized access ... by cudaMemcpy source" of 16 bytes on it: Thrust
// finds the first mismatch by a reduction whose result is a thrust::tuple<bool, std::ptrdiff_t> (find_if_n in
// thrust/system/cuda/detail/find.h), and copies that 16-byte result, whose 7 bytes of padding no kernel writes, back
// to the host. The same report in device-batch-batch_test (DeviceBatch.ThrustAndRawPointers, which compares two
// device vectors with thrust::equal) is this one (NVIDIA H200, CCCL of CUDA 13.0, 2026-11-28; docs/testing.md).
//   compute-sanitizer --tool initcheck build-gpu/bin/sanitizer-thrust_equal_padding
#include <thrust/device_vector.h>
#include <thrust/equal.h>

#include <cstdio>

int main() {
  const thrust::device_vector<int> a(1000, 7);
  const thrust::device_vector<int> b(1000, 7);
  const bool equal = thrust::equal(a.begin(), a.end(), b.begin());
  std::printf("thrust::equal: %s\n", equal ? "equal" : "different");
  return equal ? 0 : 1;
}
