// SPDX-License-Identifier: Apache-2.0
// examples/ghash.cu: warpnum-ghash, GCM's GHASH (NIST SP 800-38D, 6.4) of many messages under one hash key, one
// GPU thread a message with GF2n<128> (x^128 + x^7 + x^2 + x + 1, the default polynomial of degree 128), or every CPU
// core without a GPU. Every tag is checked against the host, and the host's first thousand against the standard's
// own bit-by-bit multiplication (its Algorithm 1), written here apart from warpnum.
//   warpnum-ghash [--count N] [--blocks B] [--seed S] [--cpu]
#include <warpnum/gf2n.hpp>

#include "cli.hpp"
#include "common.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

/// GCM's field: x^128 + x^7 + x^2 + x + 1 (also warpnum's default polynomial of degree 128).
using F128 = warpnum::GF2n<128, warpnum::Poly{128, 7, 2, 1, 0}>;

/// A 16-byte block as GCM writes it: byte 0 first; within a byte the most significant bit is the lowest power.
struct Block {
  std::uint64_t half[2];  // bytes 0-7 and 8-15, loaded little-endian
};

/// Reverses the bits within each byte of w (GCM's bit order to warpnum's: bit i is the coefficient of x^i).
WARPNUM_HD constexpr std::uint64_t reflect_bytes(std::uint64_t w) noexcept {
  w = ((w >> 1) & 0x5555555555555555ull) | ((w & 0x5555555555555555ull) << 1);
  w = ((w >> 2) & 0x3333333333333333ull) | ((w & 0x3333333333333333ull) << 2);
  w = ((w >> 4) & 0x0f0f0f0f0f0f0f0full) | ((w & 0x0f0f0f0f0f0f0f0full) << 4);
  return w;
}

WARPNUM_HD constexpr F128 to_field(const Block& b) noexcept {
  F128 x{};
  x.words_[0] = reflect_bytes(b.half[0]);
  x.words_[1] = reflect_bytes(b.half[1]);
  return x;
}
WARPNUM_HD constexpr Block to_block(const F128& x) noexcept { return {{reflect_bytes(x.words_[0]), reflect_bytes(x.words_[1])}}; }

/// GHASH_H(X_1 .. X_m) = X_1 H^m + ... + X_m H: Y_i = (Y_(i-1) + X_i) H, the message's blocks then its length block.
WARPNUM_HD inline Block ghash(const F128& h, const Block* blocks, int count) noexcept {
  F128 y{};
  for (int i = 0; i < count; ++i) y = (y + to_field(blocks[i])) * h;
  return to_block(y);
}

/// The standard's Algorithm 1 on the byte strings themselves (bit 0 = the most significant bit of byte 0), with
/// R = 11100001 || 0^120: independent of warpnum's field code and of its bit order.
Block multiply_sp800_38d(const Block& xb, const Block& yb) {
  auto bit = [](const Block& b, int i) { return static_cast<int>((b.half[i / 64] >> (8 * ((i % 64) / 8) + 7 - i % 8)) & 1); };
  Block z{{0, 0}};
  Block v = yb;
  for (int i = 0; i < 128; ++i) {
    if (bit(xb, i) != 0) {
      z.half[0] ^= v.half[0];
      z.half[1] ^= v.half[1];
    }
    const bool lsb = bit(v, 127) != 0;
    // V >> 1 in the standard's order: every bit moves to the next index, across byte and word boundaries.
    Block s{{0, 0}};
    for (int j = 127; j >= 1; --j) {
      if (bit(v, j - 1) != 0) s.half[j / 64] |= std::uint64_t{1} << (8 * ((j % 64) / 8) + 7 - j % 8);
    }
    v = s;
    if (lsb) v.half[0] ^= 0xe1;  // R: bits 0, 1, 2 and 7 of byte 0
  }
  return z;
}

#if defined(__CUDACC__)
__global__ void ghash_kernel(Block* tags, const Block* blocks, int per_message, std::size_t count, F128 h) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < count) tags[i] = ghash(h, blocks + i * per_message, per_message);
}

/// The tags on the GPU; ms: kernel time (CUDA events), total_ms: with the copies in and out.
std::vector<Block> run_gpu(const F128& h, const std::vector<Block>& blocks, int per_message, std::size_t count, double& ms,
                           double& total_ms) {
  auto check = [](cudaError_t e, const char* call) { examples::cuda_check("warpnum-ghash", e, call); };
  std::vector<Block> tags(count);
  Block *d_blocks = nullptr, *d_tags = nullptr;
  cudaEvent_t e0, e1, e2, e3;
  for (cudaEvent_t* e : {&e0, &e1, &e2, &e3}) check(cudaEventCreate(e), "cudaEventCreate");
  check(cudaMalloc(&d_blocks, blocks.size() * sizeof(Block)), "cudaMalloc");
  check(cudaMalloc(&d_tags, count * sizeof(Block)), "cudaMalloc");
  const unsigned threads = 256;
  const unsigned grid = static_cast<unsigned>((count + threads - 1) / threads);
  ghash_kernel<<<grid, threads>>>(d_tags, d_blocks, per_message, count, h);  // warm-up
  check(cudaDeviceSynchronize(), "warm-up");
  check(cudaEventRecord(e0), "cudaEventRecord");
  check(cudaMemcpy(d_blocks, blocks.data(), blocks.size() * sizeof(Block), cudaMemcpyHostToDevice), "cudaMemcpy");
  check(cudaEventRecord(e1), "cudaEventRecord");
  ghash_kernel<<<grid, threads>>>(d_tags, d_blocks, per_message, count, h);
  check(cudaGetLastError(), "ghash_kernel launch");
  check(cudaEventRecord(e2), "cudaEventRecord");
  check(cudaMemcpy(tags.data(), d_tags, count * sizeof(Block), cudaMemcpyDeviceToHost), "cudaMemcpy");
  check(cudaEventRecord(e3), "cudaEventRecord");
  check(cudaEventSynchronize(e3), "cudaEventSynchronize");
  float k = 0, t = 0;
  check(cudaEventElapsedTime(&k, e1, e2), "cudaEventElapsedTime");
  check(cudaEventElapsedTime(&t, e0, e3), "cudaEventElapsedTime");
  ms = k;
  total_ms = t;
  check(cudaFree(d_blocks), "cudaFree");
  check(cudaFree(d_tags), "cudaFree");
  return tags;
}
#endif

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "warpnum-ghash: %s\nusage: warpnum-ghash [--count N] [--blocks B] [--seed S] [--cpu]\n", why);
  std::exit(2);
}

int main(int argc, char** argv) {
  std::size_t count = 1 << 20;  // messages
  std::size_t per_message = 16;  // 16-byte blocks a message, the length block included
  unsigned long seed = 2026;
  [[maybe_unused]] bool force_cpu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cpu") {
      force_cpu = true;
    } else if ((arg == "--count" || arg == "--blocks" || arg == "--seed") && i + 1 < argc) {
      const unsigned long long v = warpnum::examples::number_argument(argv[++i], usage);
      (arg == "--count" ? count : arg == "--blocks" ? per_message : seed) = static_cast<std::size_t>(v);
    } else {
      usage(("unknown argument: " + arg).c_str());
    }
  }
  if (count == 0 || per_message == 0 || per_message > 4096) usage("--count must be at least 1, --blocks from 1 to 4096");

  std::printf("generating a hash key and %zu messages of %zu blocks...\n", count, per_message);
  std::mt19937_64 rng(seed);
  const Block key{{rng(), rng()}};
  const F128 h = to_field(key);
  std::vector<Block> blocks(count * per_message);
  for (auto& b : blocks) b = Block{{rng(), rng()}};

  const int m = static_cast<int>(per_message);
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string device;
  bool on_gpu = false;
  std::vector<Block> tags;
  double ms = 0, total_ms = 0;
#if defined(__CUDACC__)
  if (!force_cpu) device = examples::gpu_name("warpnum-ghash");
  if (!device.empty()) {
    std::printf("hashing on %s...\n", device.c_str());
    tags = run_gpu(h, blocks, m, count, ms, total_ms);
    on_gpu = true;
  }
#endif
  std::vector<Block> host(count);
  const double cpu_ms = examples::for_each_on_cores(
      count, threads, [&](std::size_t i) { host[i] = ghash(h, blocks.data() + i * per_message, m); }, "hashing on the CPU");
  if (device.empty()) {
    device = "CPU, " + std::to_string(threads) + " threads";
    tags = host;
    ms = total_ms = cpu_ms;
  }

  std::printf("checking every tag against the host, and the first 1000 against SP 800-38D's Algorithm 1...\n");
  std::size_t wrong = 0, wrong_ref = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (tags[i].half[0] != host[i].half[0] || tags[i].half[1] != host[i].half[1]) ++wrong;
  }
  const std::size_t checked = std::min<std::size_t>(count, 1000);
  for (std::size_t i = 0; i < checked; ++i) {
    Block y{{0, 0}};
    for (int j = 0; j < m; ++j) {
      const Block& x = blocks[i * per_message + j];
      y = multiply_sp800_38d(Block{{y.half[0] ^ x.half[0], y.half[1] ^ x.half[1]}}, key);
    }
    if (y.half[0] != host[i].half[0] || y.half[1] != host[i].half[1]) ++wrong_ref;
  }

  const double products = static_cast<double>(count) * static_cast<double>(per_message);
  std::printf("\n%-34s %10s %8s %12s %14s %16s %8s\n", "device", "messages", "blocks", "ms", "messages/s", "GF(2^128) mul/s",
              "wrong");
  std::printf("%-34s %10zu %8zu %12.3f %14.0f %16.4g %8zu\n", device.c_str(), count, per_message, ms, count / (ms / 1e3),
              products / (ms / 1e3), wrong);
  if (on_gpu) {
    std::printf("%-34s %10s %8s %12.3f   (with the copies to and from the GPU)\n", "", "", "", total_ms);
    std::printf("%-34s %10zu %8zu %12.3f %14.0f %16.4g   (the host check, %u threads)\n",
              ("CPU, " + std::to_string(threads) + " threads").c_str(), count, per_message, cpu_ms, count / (cpu_ms / 1e3),
                products / (cpu_ms / 1e3), threads);
  }
  std::printf("SP 800-38D reference: %zu of %zu tags differ\n", wrong_ref, checked);
  const bool ok = wrong == 0 && wrong_ref == 0;
  std::printf("\n%s\n", ok ? "all tags correct" : "SOME TAGS ARE WRONG");
  return ok ? 0 : 1;
}
