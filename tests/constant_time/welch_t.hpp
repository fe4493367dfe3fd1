// SPDX-License-Identifier: Apache-2.0
// tests/constant_time/welch_t.hpp: Welch's t statistic of two samples, the timing tests' verdict (dudect's method:
// the slowest tenth of each class dropped first, as interrupts and migrations make them).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace warpnum::ct_checks {

/// A sample's count, mean and sum of squared deviations, by Welford's running update.
struct Moments {
  double n = 0, mean = 0, m2 = 0;
  void add(double x) {
    n += 1;
    const double d = x - mean;
    mean += d / n;
    m2 += d * (x - mean);
  }
  double variance() const { return n > 1 ? m2 / (n - 1) : 0; }
};

/// |t| of the two classes' timings after dropping each one's slowest tenth (the vectors are sorted in place).
inline double welch_t(std::vector<double>& a, std::vector<double>& b) {
  Moments m[2];
  std::vector<double>* v[2] = {&a, &b};
  for (int c = 0; c < 2; ++c) {
    std::sort(v[c]->begin(), v[c]->end());
    const std::size_t keep = v[c]->size() * 9 / 10;
    for (std::size_t i = 0; i < keep; ++i) m[c].add((*v[c])[i]);
  }
  const double s = std::sqrt(m[0].variance() / m[0].n + m[1].variance() / m[1].n);
  if (s > 0) return std::fabs(m[0].mean - m[1].mean) / s;
  return m[0].mean == m[1].mean ? 0.0 : 1e9;  // no spread at all: equal means or a certain difference
}

}  // namespace warpnum::ct_checks
