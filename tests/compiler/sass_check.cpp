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
// Exit status: 0 when every result equals the PTX's, 1 when one differs, 2 on an error.
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
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
  if (d.size() < 24 || std::memcmp(d.data(), "WNCASES1", 8) != 0) {
    std::printf("ERROR bad cases file %s\n", argv[3]);
    return 2;
  }
  std::uint32_t h[4];
  std::memcpy(h, d.data() + 8, 16);
  const std::uint32_t count = h[0], op_size = h[1], in_size = h[2], out_size = h[3];
  const unsigned char* op = d.data() + 24;
  const unsigned char* p = op + op_size;
  std::vector<unsigned char> in(std::size_t{count} * in_size), ptx(std::size_t{count} * out_size),
      host(std::size_t{count} * out_size), got(std::size_t{count} * out_size);
  for (std::uint32_t i = 0; i < count; ++i) {
    std::memcpy(&in[std::size_t{i} * in_size], p, in_size);
    p += in_size;
    std::memcpy(&ptx[std::size_t{i} * out_size], p, out_size);
    p += out_size;
    std::memcpy(&host[std::size_t{i} * out_size], p, out_size);
    p += out_size;
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
  CUdeviceptr din, dout;
  CHECK_CU(cuMemAlloc(&din, in.size()));
  CHECK_CU(cuMemAlloc(&dout, got.size()));
  CHECK_CU(cuMemcpyHtoD(din, in.data(), in.size()));
  CHECK_CU(cuMemsetD8(dout, 0xa5, got.size()));
  std::vector<unsigned char> op_copy(op, op + op_size);
  std::uint64_t n = count;
  void* args[] = {op_copy.data(), &din, &dout, &n};
  const unsigned threads = 128, blocks = (count + threads - 1) / threads;
  CHECK_CU(cuLaunchKernel(fn, blocks, 1, 1, threads, 1, 1, 0, nullptr, args, nullptr));
  CHECK_CU(cuCtxSynchronize());
  CHECK_CU(cuMemcpyDtoH(got.data(), dout, got.size()));
  int wrong_host = 0, wrong_ptx = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    const unsigned char* g = &got[std::size_t{i} * out_size];
    const bool eh = std::memcmp(g, &host[std::size_t{i} * out_size], out_size) == 0;
    const bool ep = std::memcmp(g, &ptx[std::size_t{i} * out_size], out_size) == 0;
    wrong_host += !eh;
    wrong_ptx += !ep;
    if (!eh || !ep) {
      std::printf("  case %u: gpu %s host, %s PTX", i, eh ? "=" : "!=", ep ? "=" : "!=");
      for (std::uint32_t w = 0; w < out_size / 4; ++w) {
        std::uint32_t a, b;
        std::memcpy(&a, g + 4 * w, 4);
        std::memcpy(&b, &host[std::size_t{i} * out_size + 4 * w], 4);
        if (a != b) {
          std::printf(" (word %u: gpu 0x%08x host 0x%08x)", w, a, b);
          break;
        }
      }
      std::printf("\n");
    }
  }
  std::printf("RESULT %s %u cases: %d differ from the host, %d from the PTX's own results\n", argv[1], count, wrong_host,
              wrong_ptx);
  return wrong_ptx ? 1 : 0;
}
