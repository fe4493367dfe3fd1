// SPDX-License-Identifier: Apache-2.0
// bench/algorithm/sort_devices_bench.cu: bench-sort-devices: warpnum::sort over device lists
// (algorithm/detail/sort_devices.hpp) beside thrust::sort on one GPU, n random BigUInt<Bits> in device memory, for
// docs/scaling.md's model of the split and the merges. Each sort over a list is checked against the one-GPU result
// before it is timed; each row is the median of N timed calls (each on a fresh copy of the unsorted values, the copy
// not timed) after one untimed call.
//   bench-sort-devices [--elements n1,n2,...] [--bits 256|1024] [--reps N] [--devices all|i,j,...]...
// Default: 10^6 and 10^7 elements of 256 bits, lists {0, 0} and all; --devices may be given several times.
#include "huge/host_timing.hpp"

#include <warpnum/algorithm/sort.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/bigint.hpp>

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/equal.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

struct List {
  std::string name;
  warpnum::devices ds;
};

List parse_list(const std::string& s) { return {s, warpnum::bench::parse_device_list(s, "bench-sort-devices")}; }

template <std::size_t Bits> int run(const std::vector<std::size_t>& sizes, const std::vector<List>& lists, int reps) {
  using T = warpnum::BigUInt<Bits>;
  std::printf("%-12s %6s %-10s %10s %12s %10s\n", "elements", "bits", "devices", "ms", "M elements/s", "x one GPU");
  for (const std::size_t n : sizes) {
    std::mt19937_64 rng(n);
    std::vector<T> host(n);
    for (T& x : host) {
      for (int w = 0; w < T::num_limbs; ++w) x.data()[w] = static_cast<typename T::limb_type>(rng());
    }
    const thrust::device_vector<T> values(host.begin(), host.end());
    thrust::device_vector<T> work(n), want(values);
    thrust::sort(thrust::device, want.begin(), want.end());
    const auto fresh = [&] {
      thrust::copy(thrust::device, values.begin(), values.end(), work.begin());
      cudaDeviceSynchronize();
    };
    const auto timed = [&](auto&& sort_once) {
      std::vector<double> t;
      for (int r = 0; r <= reps; ++r) {
        fresh();
        const double ms = warpnum::bench::median_ms(sort_once, 1);
        if (r > 0) t.push_back(ms);  // the first call is not timed
      }
      std::sort(t.begin(), t.end());
      return t[t.size() / 2];
    };
    const double one = timed([&] {
      thrust::sort(thrust::device, work.begin(), work.end());
      cudaDeviceSynchronize();
    });
    std::printf("%-12zu %6zu %-10s %10.3f %12.1f %10.2f\n", n, Bits, "one GPU", one, n / one / 1e3, 1.0);
    for (const List& l : lists) {
      fresh();
      warpnum::sort(l.ds, work.begin(), work.end());
      if (!thrust::equal(thrust::device, work.begin(), work.end(), want.begin())) {
        std::fprintf(stderr, "bench-sort-devices: sort over %s differs from the one-GPU sort at %zu elements\n",
                     l.name.c_str(), n);
        return 1;
      }
      const double ms = timed([&] { warpnum::sort(l.ds, work.begin(), work.end()); });
      std::printf("%-12zu %6zu %-10s %10.3f %12.1f %10.2f\n", n, Bits, l.name.c_str(), ms, n / ms / 1e3, one / ms);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes{1000000, 10000000};
  std::size_t bits = 256;
  int reps = 5;
  std::vector<List> lists;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--elements" && has_value) {
      sizes = warpnum::bench::parse_number_list(argv[++i], "bench-sort-devices");
    } else if (a == "--bits" && has_value) {
      bits = std::strtoul(argv[++i], nullptr, 10);
    } else if (a == "--reps" && has_value) {
      reps = std::atoi(argv[++i]);
    } else if (a == "--devices" && has_value) {
      lists.push_back(parse_list(argv[++i]));
    } else {
      std::fprintf(stderr,
                   "usage: %s [--elements n1,n2,...] [--bits 256|1024] [--reps N] [--devices all|i,j,...]...\n",
                   argv[0]);
      return 2;
    }
  }
  if (lists.empty()) lists = {parse_list("0,0"), parse_list("all")};
  if (reps < 1) reps = 1;
  if (bits == 256) return run<256>(sizes, lists, reps);
  if (bits == 1024) return run<1024>(sizes, lists, reps);
  std::fprintf(stderr, "bench-sort-devices: --bits takes 256 or 1024\n");
  return 2;
}
