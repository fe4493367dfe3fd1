// SPDX-License-Identifier: Apache-2.0
// bench/huge/host_timing.hpp: what the huge-integer benchmarks share: the median of timed calls by the host's clock
// (each call returns when its work is complete, or waits for it itself), number lists and device lists from the
// command line.
#pragma once

#include <warpnum/batch/devices.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace warpnum::bench {

/// The median, in milliseconds, of `reps` calls of f timed one by one.
template <class F> double median_ms(F&& f, int reps) {
  using clock_type = std::chrono::steady_clock;
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = clock_type::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(clock_type::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

/// "1e5,1000000" as numbers (1e7 works too); exits with status 2 and a message naming `program` for anything else.
inline std::vector<std::size_t> parse_number_list(const char* s, const char* program) {
  std::vector<std::size_t> out;
  for (const char* p = s; *p != '\0';) {
    char* end = nullptr;
    out.push_back(static_cast<std::size_t>(std::strtod(p, &end)));
    if (end == p) {
      std::fprintf(stderr, "%s: bad number list '%s'\n", program, s);
      std::exit(2);
    }
    p = *end == ',' ? end + 1 : end;
  }
  return out;
}

/// "all" as devices::all(), "0,0" as devices{0, 0}; exits as parse_number_list does for anything else.
inline warpnum::devices parse_device_list(const std::string& s, const char* program) {
  if (s == "all") return warpnum::devices::all();
  std::vector<int> ids;
  for (const std::size_t d : parse_number_list(s.c_str(), program)) ids.push_back(static_cast<int>(d));
  return warpnum::devices(ids);
}

}  // namespace warpnum::bench
