// SPDX-License-Identifier: Apache-2.0
// tests/compiler/host_repro.hpp: a host-only stand-in for repro.hpp, for tests/compiler/interpret.py. That script
// compiles a copy of a reproducer (f*.cu) with g++, its line '#include "repro.hpp"' replaced by this file, so that
// the reproducer's own main() builds its inputs and its own functor computes the host's results; check() then
// writes both to files instead of launching a kernel:
//   <WARPNUM_REPRO_DUMP>.in   the inputs (In[n], as the kernel reads them)
//   <WARPNUM_REPRO_DUMP>.out  the host's results (Out[n], as the kernel writes them)
//   <WARPNUM_REPRO_DUMP>.txt  "name sizeof(In) sizeof(Out) n threads"
#pragma once

#include <warpnum/bigint.hpp>

#include "repro_inputs.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

namespace warpnum::repro {

/// Writes the inputs and the host's results (see the file's comment); returns 0, or 2 on an error.
template <class Op, class In> int check(const char* name, const std::vector<In>& in, int threads = 64) {
  using Out = decltype(Op{}(in[0]));
  static_assert(std::has_unique_object_representations_v<Out>, "a reproducer's result type must have no padding");
  const char* prefix = std::getenv("WARPNUM_REPRO_DUMP");
  if (prefix == nullptr) {
    std::printf("RESULT %s ERROR WARPNUM_REPRO_DUMP is not set\n", name);
    return 2;
  }
  std::vector<Out> host(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) host[i] = Op{}(in[i]);
  const std::string p = prefix;
  bool ok = true;
  if (std::FILE* f = std::fopen((p + ".in").c_str(), "wb")) {
    ok &= std::fwrite(in.data(), sizeof(In), in.size(), f) == in.size();
    ok &= std::fclose(f) == 0;
  } else {
    ok = false;
  }
  if (std::FILE* f = std::fopen((p + ".out").c_str(), "wb")) {
    ok &= std::fwrite(host.data(), sizeof(Out), host.size(), f) == host.size();
    ok &= std::fclose(f) == 0;
  } else {
    ok = false;
  }
  if (std::FILE* f = std::fopen((p + ".txt").c_str(), "w")) {
    std::fprintf(f, "%s %zu %zu %zu %d\n", name, sizeof(In), sizeof(Out), in.size(), threads);
    ok &= std::fclose(f) == 0;
  } else {
    ok = false;
  }
  std::printf("RESULT %s %s host results of %zu inputs written to %s.*\n", name, ok ? "HOST" : "ERROR", in.size(),
              prefix);
  return ok ? 0 : 2;
}

}  // namespace warpnum::repro
