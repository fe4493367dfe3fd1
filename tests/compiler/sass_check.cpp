// SPDX-License-Identifier: Apache-2.0
// tests/compiler/sass_check.cpp: runs one kernel of a cubin (ptxas's machine code for a PTX module) over recorded
// inputs on the GPU, through the driver API, and compares each result with what the PTX itself computes (the PTX
// interpreter's result for the same inputs) and with the host's. A result that differs from the PTX's own was made
// wrong after the PTX: by ptxas, the driver or the GPU. tests/compiler/sass_cases.py writes the inputs, results and
// cubins; scripts/gpu-run.sh's section sass_check runs this over them.
//   sass_check <cubin> <entry> <cases>
// cases: "WNCASES1", u32 count, u32 functor size, u32 input size, u32 result size, the functor's bytes, then per
// case: the input's bytes, the PTX's result, the host's result. The kernel is fuzz_kernel(functor, in*, out*, n) of
// tests/device/fuzz, launched as device-fuzz launches it: 128 threads a block, one thread a case.
// "WNCASES2" (tests/compiler/ptx_probe.py) adds a u32 probe-area size after the result size: the kernel's PTX was
// probed to copy values into an area per thread after the n results; a case then holds the PTX's result and probe
// area, and the host's result and the probe area's mask (0xff: compared; 0: bytes the PTX leaves undefined). The
// probe words that differ are printed with their item from <cases' stem>.probes (offset size line item).
// Environment: SASS_CHECK_SERIAL=1 launches one case at a time (n = 1); SASS_CHECK_POISON, a comma-separated list
// of 32-bit patterns or "none" (the default), runs once per entry after filling every thread slot's local memory
// with the pattern, and prints DEPENDS for each case whose result changes with it (the machine code reads local
// memory it never wrote: the PTX interpreter shows whether the PTX does); the report is of the first run.
// Exit status: 0 when every result equals the PTX's, 1 when one differs, 2 on an error.
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#define CHECK_CU(x)                                                                              \
  do {                                                                                     \
    CUresult r_ = (x);                                                                     \
    if (r_ != CUDA_SUCCESS) {                                                              \
      const char* s_ = nullptr;                                                            \
      cuGetErrorString(r_, &s_);                                                           \
      std::printf("ERROR %s: %s (line %d)\n", #x, s_ ? s_ : "?", __LINE__);                 \
      return 2;                                                                            \
    }                                                                                      \
  } while (0)

int main(int argc, char** argv) {
  if (argc != 4) {
    std::printf("usage: sass_check <cubin> <entry> <cases>\n");
    return 2;
  }
  std::ifstream f(argv[3], std::ios::binary);
  std::vector<unsigned char> d((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const bool probed = d.size() >= 28 && std::memcmp(d.data(), "WNCASES2", 8) == 0;
  if (d.size() < 24 || (!probed && std::memcmp(d.data(), "WNCASES1", 8) != 0)) {
    std::printf("ERROR bad cases file %s\n", argv[3]);
    return 2;
  }
  std::uint32_t h[5] = {};
  std::memcpy(h, d.data() + 8, probed ? 20 : 16);
  const std::uint32_t count = h[0], op_size = h[1], in_size = h[2], out_size = h[3], area = h[4];
  const std::uint32_t rec = out_size + area;  // a case's result and probe area, as the cases file holds them
  const unsigned char* op = d.data() + (probed ? 28 : 24);
  const unsigned char* p = op + op_size;
  std::vector<unsigned char> in(std::size_t{count} * in_size), ptx(std::size_t{count} * rec),
      host(std::size_t{count} * rec), got(std::size_t{count} * rec);
  for (std::uint32_t i = 0; i < count; ++i) {
    std::memcpy(&in[std::size_t{i} * in_size], p, in_size);
    p += in_size;
    std::memcpy(&ptx[std::size_t{i} * rec], p, rec);
    p += rec;
    std::memcpy(&host[std::size_t{i} * rec], p, rec);
    p += rec;
  }
  std::map<std::uint32_t, std::string> items;  // probe word offset -> "line item"
  if (probed) {
    std::string stem = argv[3];
    stem = stem.substr(0, stem.rfind('.'));
    std::ifstream pf(stem + ".probes");
    std::string line;
    while (std::getline(pf, line)) {
      std::istringstream ls(line);
      std::uint32_t off = 0, size = 0;
      std::string where, item;
      ls >> off >> size >> where >> item;
      for (std::uint32_t b = 0; b < size; b += 4) items[off + b] = where + " " + item + "+" + std::to_string(b);
    }
  }
  CHECK_CU(cuInit(0));
  CUdevice dev;
  CHECK_CU(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK_CU(cuCtxSetCurrent(ctx));
  CUmodule mod;
  CHECK_CU(cuModuleLoad(&mod, argv[1]));
  CUfunction fn;
  CHECK_CU(cuModuleGetFunction(&fn, mod, argv[2]));
  // The poison kernel: fills the local memory of every thread slot of the GPU with a pattern, so that a kernel
  // that reads local memory it never wrote shows it by results that change with the pattern.
  // The poison kernel: fills the local memory of every thread slot of the GPU with a pattern, so that a kernel
  // that reads local memory it never wrote shows it by results that change with the pattern. Its last load, at an
  // index given at launch, keeps ptxas from dropping the stores as never read.
  static const char poison_ptx[] =
      ".version 8.0\n.target sm_80\n.address_size 64\n"
      ".visible .entry poison(.param .u32 pattern, .param .u32 at, .param .u64 out)\n{\n"
      "\t.local .align 16 .b8 depot[32768];\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<6>;\n\t.reg .pred %p<2>;\n"
      "\tld.param.u32 %r1, [pattern];\n\tmov.u64 %rd1, depot;\n\tmov.u32 %r2, 0;\n"
      "$L_fill:\n\tst.local.u32 [%rd1], %r1;\n\tadd.u64 %rd1, %rd1, 4;\n\tadd.u32 %r2, %r2, 1;\n"
      "\tsetp.lt.u32 %p1, %r2, 8192;\n\t@%p1 bra $L_fill;\n"
      "\tld.param.u32 %r3, [at];\n\tmov.u64 %rd2, depot;\n\tcvt.u64.u32 %rd3, %r3;\n\tadd.u64 %rd2, %rd2, %rd3;\n"
      "\tld.local.u32 %r4, [%rd2];\n\tld.param.u64 %rd4, [out];\n\tcvta.to.global.u64 %rd4, %rd4;\n"
      "\tst.global.u32 [%rd4], %r4;\n\tret;\n}\n"
      // the control: every thread of the poison's launch shape reads a word of local memory that it never wrote;
      // it writes another word, at an index given at launch, so that ptxas cannot take the read as undefined
      ".visible .entry peek(.param .u64 out, .param .u32 wr, .param .u32 rd)\n{\n"
      "\t.local .align 16 .b8 depot[4096];\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n"
      "\tmov.u64 %rd1, depot;\n\tld.param.u32 %r6, [wr];\n\tcvt.u64.u32 %rd5, %r6;\n\tadd.u64 %rd5, %rd1, %rd5;\n"
      "\tmov.u32 %r7, 0;\n\tst.local.u32 [%rd5], %r7;\n"
      "\tld.param.u32 %r6, [rd];\n\tcvt.u64.u32 %rd6, %r6;\n\tadd.u64 %rd6, %rd1, %rd6;\n\tld.local.u32 %r1, [%rd6];\n"
      "\tld.param.u64 %rd2, [out];\n\tcvta.to.global.u64 %rd2, %rd2;\n"
      "\tmov.u32 %r2, %ctaid.x;\n\tmov.u32 %r3, %ntid.x;\n\tmov.u32 %r4, %tid.x;\n"
      "\tmad.lo.u32 %r5, %r2, %r3, %r4;\n\tmul.wide.u32 %rd3, %r5, 4;\n\tadd.s64 %rd4, %rd2, %rd3;\n"
      "\tst.global.u32 [%rd4], %r1;\n\tret;\n}\n";
  CUmodule poison_mod;
  CHECK_CU(cuModuleLoadData(&poison_mod, poison_ptx));
  CUfunction poison_fn;
  CHECK_CU(cuModuleGetFunction(&poison_fn, poison_mod, "poison"));
  CUfunction peek_fn;
  CHECK_CU(cuModuleGetFunction(&peek_fn, poison_mod, "peek"));
  int sms = 0, per_sm = 0;
  CHECK_CU(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  CHECK_CU(cuDeviceGetAttribute(&per_sm, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev));
  const unsigned poison_blocks = static_cast<unsigned>(sms * per_sm / 256);
  CUdeviceptr dpeek;
  CHECK_CU(cuMemAlloc(&dpeek, std::size_t{poison_blocks} * 256 * 4));
  const bool serial = std::getenv("SASS_CHECK_SERIAL") && std::string(std::getenv("SASS_CHECK_SERIAL")) == "1";
  std::vector<std::string> poisons;
  {
    std::string list = std::getenv("SASS_CHECK_POISON") ? std::getenv("SASS_CHECK_POISON") : "none";
    std::istringstream ls(list);
    for (std::string one; std::getline(ls, one, ',');) poisons.push_back(one);
  }
  std::vector<unsigned char> op_copy(op, op + op_size);
  // One run: the poison (unless "none"), then the kernel over every case in one launch (128 threads a block), or
  // one launch a case (serial); got: each case's result and probe area.
  auto run = [&](const std::string& poison, std::vector<unsigned char>& out) -> int {
    if (poison != "none") {
      unsigned pattern = static_cast<unsigned>(std::stoul(poison, nullptr, 0));
      unsigned at = 0;
      void* pargs[] = {&pattern, &at, &dpeek};
      CHECK_CU(cuLaunchKernel(poison_fn, poison_blocks, 1, 1, 256, 1, 1, 0, nullptr, pargs, nullptr));
      CHECK_CU(cuCtxSynchronize());
      unsigned wr = 0, rd = 2048;
      void* peek_args[] = {&dpeek, &wr, &rd};
      CHECK_CU(cuLaunchKernel(peek_fn, poison_blocks, 1, 1, 256, 1, 1, 0, nullptr, peek_args, nullptr));
      std::vector<std::uint32_t> seen(std::size_t{poison_blocks} * 256);
      CHECK_CU(cuMemcpyDtoH(seen.data(), dpeek, seen.size() * 4));
      std::size_t hits = 0;
      for (const std::uint32_t v : seen) hits += v == pattern;
      std::printf("poison %s: %zu of %zu threads of a control kernel read it from local memory they never wrote\n",
                  poison.c_str(), hits, seen.size());
    }
    const std::uint32_t launches = serial ? count : 1, per_launch = serial ? 1 : count;
    for (std::uint32_t l = 0; l < launches; ++l) {
      CUdeviceptr din, dout;
      CHECK_CU(cuMemAlloc(&din, std::size_t{per_launch} * in_size));
      CHECK_CU(cuMemAlloc(&dout, std::size_t{per_launch} * rec));
      CHECK_CU(cuMemcpyHtoD(din, &in[std::size_t{l} * in_size], std::size_t{per_launch} * in_size));
      CHECK_CU(cuMemsetD8(dout, 0xa5, std::size_t{per_launch} * rec));  // the results, then the probe areas
      std::uint64_t n = per_launch;
      void* args[] = {op_copy.data(), &din, &dout, &n};
      const unsigned threads = 128, blocks = (per_launch + threads - 1) / threads;
      CHECK_CU(cuLaunchKernel(fn, blocks, 1, 1, threads, 1, 1, 0, nullptr, args, nullptr));
      CHECK_CU(cuCtxSynchronize());
      std::vector<unsigned char> raw(std::size_t{per_launch} * rec);
      CHECK_CU(cuMemcpyDtoH(raw.data(), dout, raw.size()));
      for (std::uint32_t i = 0; i < per_launch; ++i) {  // to the cases file's order: each result with its probe area
        const std::size_t c = std::size_t{l} + i;
        std::memcpy(&out[c * rec], &raw[std::size_t{i} * out_size], out_size);
        std::memcpy(&out[c * rec + out_size], &raw[std::size_t{per_launch} * out_size + std::size_t{i} * area], area);
      }
      CHECK_CU(cuMemFree(din));
      CHECK_CU(cuMemFree(dout));
    }
    return 0;
  };
  std::vector<std::vector<unsigned char>> runs(poisons.size(), std::vector<unsigned char>(got.size()));
  for (std::size_t k = 0; k < poisons.size(); ++k)
    if (int rc = run(poisons[k], runs[k])) return rc;
  for (std::size_t k = 1; k < poisons.size(); ++k)
    for (std::uint32_t i = 0; i < count; ++i)
      if (std::memcmp(&runs[k][std::size_t{i} * rec], &runs[0][std::size_t{i} * rec], rec) != 0)
        std::printf("DEPENDS %s case %u: the GPU's result with local memory poisoned %s differs from that with %s\n",
                    argv[1], i, poisons[k].c_str(), poisons[0].c_str());
  got = runs[0];
  if (serial || poisons.size() > 1 || poisons[0] != "none")
    std::printf("(results of the first run: poison %s, %s)\n", poisons[0].c_str(), serial ? "one launch a case" : "one launch");
  int wrong_host = 0, wrong_ptx = 0, wrong_probe = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    const unsigned char* g = &got[std::size_t{i} * rec];
    const unsigned char* x = &ptx[std::size_t{i} * rec];
    const bool eh = std::memcmp(g, &host[std::size_t{i} * rec], out_size) == 0;
    const bool ep = std::memcmp(g, x, out_size) == 0;
    const unsigned char* mask = &host[std::size_t{i} * rec + out_size];
    bool ea = true;
    for (std::uint32_t b = 0; b < area; ++b) ea = ea && (mask[b] == 0 || g[out_size + b] == x[out_size + b]);
    wrong_host += !eh;
    wrong_ptx += !ep;
    wrong_probe += !ea;
    if (!eh || !ep || !ea) {
      std::printf("  case %u: gpu %s host, %s PTX", i, eh ? "=" : "!=", ep ? "=" : "!=");
      if (area) std::printf(", probes %s PTX's", ea ? "=" : "!=");
      for (std::uint32_t w = 0; w < out_size / 4; ++w) {
        std::uint32_t a, b;
        std::memcpy(&a, g + 4 * w, 4);
        std::memcpy(&b, &host[std::size_t{i} * rec + 4 * w], 4);
        if (a != b) {
          std::printf(" (word %u: gpu 0x%08x host 0x%08x)", w, a, b);
          break;
        }
      }
      std::printf("\n");
      for (std::uint32_t w = 0; w < area / 4; ++w) {
        std::uint32_t a, b;
        std::memcpy(&a, g + out_size + 4 * w, 4);
        std::memcpy(&b, x + out_size + 4 * w, 4);
        if (a != b && mask[4 * w] != 0)
          std::printf("    probe byte %u (line %s): gpu 0x%08x PTX 0x%08x\n", 4 * w,
                      items.count(4 * w) ? items[4 * w].c_str() : "?", a, b);
      }
    }
  }
  if (area) std::printf("PROBES %s: %d of %u cases' probe areas differ from the PTX's\n", argv[1], wrong_probe, count);
  std::printf("RESULT %s %u cases: %d differ from the host, %d from the PTX's own results\n", argv[1], count, wrong_host,
              wrong_ptx);
  return wrong_ptx || wrong_probe ? 1 : 0;
}
