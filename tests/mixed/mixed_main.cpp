// SPDX-License-Identifier: Apache-2.0
// tests/mixed/mixed_main.cpp: a program linked from a g++ object and an nvcc object that both use Batch (the
// ctests mixed-* link it in both orders, at -O0 and -O2). Each half must run its own compiler's batch layer: the
// g++ half evaluates on the host and refuses device batches as "not compiled by nvcc"; the nvcc half evaluates on
// the GPU where there is one, and otherwise refuses them as "CUDA reports no GPU". Before the batch layer had a
// namespace per compiler (config.hpp, WARPNUM_ABI), the linker kept one body of its inline functions for both
// halves, and one half ran the other's code (docs/architecture.md, "One definition under every compiler").
// Exits 0 when both halves behave; prints what each saw.
#include "mixed/mixed.hpp"

#include <cstdio>
#include <string>

namespace {

bool contains(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

bool report(const warpnum::test::MixedSide& s, bool expected_ok, const char* expected) {
  std::printf("%-5s half: results %s, %s batch, gpu_available %d, %llu evaluation(s), Place::device -> \"%s\"\n",
              s.compiler.c_str(), s.right ? "right" : "WRONG", s.on_device ? "device" : "host", s.gpu ? 1 : 0,
              static_cast<unsigned long long>(s.evaluations), s.device_refusal.c_str());
  if (!expected_ok) std::printf("  FAILED: expected %s\n", expected);
  return expected_ok;
}

}  // namespace

int main() {
  const warpnum::test::MixedSide g = warpnum::test::gxx_side();
  const warpnum::test::MixedSide n = warpnum::test::nvcc_side();
  bool ok = report(g,
                   g.right && !g.on_device && !g.gpu && g.evaluations == 1 && contains(g.device_refusal, "compiled by nvcc"),
                   "right results on the host, no GPU, one evaluation, device batches refused as not compiled by nvcc");
  if (n.gpu) {
    ok &= report(n, n.right && n.on_device && n.evaluations == 1 && n.device_refusal.empty(),
                 "right results on the GPU, one evaluation, device batches made");
  } else {
    ok &= report(n, n.right && !n.on_device && n.evaluations == 1 && contains(n.device_refusal, "CUDA reports no GPU"),
                 "right results on the host (no GPU here), one evaluation, device batches refused by CUDA's answer");
  }
  std::puts(ok ? "mixed program: both halves ran their own compiler's code" : "mixed program: FAILED");
  return ok ? 0 : 1;
}
