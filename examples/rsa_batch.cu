// SPDX-License-Identifier: Apache-2.0
// examples/rsa_batch.cu: RSA-2048 over a batch of messages. GMP makes the key; warpnum encrypts every message
// (c = m^65537 mod n) and decrypts every ciphertext with the Chinese remainder theorem (two 1024-bit
// exponentiations and a recombination), on the GPU if there is one, else on all CPU cores. Every ciphertext is
// checked against GMP's mpz_powm and every decryption against its message; the throughput is printed.
//
//   warpnum-rsa-batch [--count N] [--seed S] [--cpu]
//
// What to take from it:
//  - warpnum::powm_n (warpnum/batch/powm.hpp) exponentiates a device array with one launch; the modulus'
//    Montgomery context is built once on the host.
//  - A Montgomery<1024> context is a trivially copyable value: pass it to your own kernel and call ctx.powm
//    there, as the CRT decryption below does; the same functor runs in host threads.
#include "cli.hpp"
#include "common.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>

#include <gmp.h>

#if defined(__CUDACC__)
#include <warpnum/batch/powm.hpp>

#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using U1024 = warpnum::BigUInt<1024>;
using U2048 = warpnum::BigUInt<2048>;
using E64 = warpnum::BigUInt<64>;

// ---- GMP: the key and the reference ----

struct Mpz {
  mpz_t z;
  Mpz() { mpz_init(z); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  ~Mpz() { mpz_clear(z); }
};

template <std::size_t Bits> warpnum::BigUInt<Bits> from_mpz(const mpz_t z) {
  warpnum::BigUInt<Bits> x{};
  std::size_t words = 0;
  mpz_export(x.data(), &words, -1, sizeof(std::uint32_t), 0, 0, z);  // z < 2^Bits here
  return x;
}
template <std::size_t Bits> void to_mpz(mpz_t z, const warpnum::BigUInt<Bits>& x) {
  mpz_import(z, warpnum::BigUInt<Bits>::num_limbs, -1, sizeof(std::uint32_t), 0, 0, x.data());
}

/// The private key in the CRT form, and the public modulus.
struct Key {
  U2048 n;
  U1024 p, q, dp, dq, qinv;  // dp = d mod (p - 1), dq = d mod (q - 1), qinv = q^-1 mod p
};

constexpr unsigned long public_exponent = 65537;

/// A 2048-bit RSA key from two random 1024-bit primes (top two bits set, so n has 2048 bits).
Key make_key(gmp_randstate_t rng) {
  Mpz p, q, n, phi, pm1, qm1, e, d, t;
  mpz_set_ui(e.z, public_exponent);
  for (;;) {
    for (mpz_t* x : {&p.z, &q.z}) {
      mpz_urandomb(*x, rng, 1024);
      mpz_setbit(*x, 1023);
      mpz_setbit(*x, 1022);
      mpz_nextprime(*x, *x);
    }
    mpz_sub_ui(pm1.z, p.z, 1);
    mpz_sub_ui(qm1.z, q.z, 1);
    mpz_mul(phi.z, pm1.z, qm1.z);
    if (mpz_cmp(p.z, q.z) != 0 && mpz_sizeinbase(p.z, 2) == 1024 && mpz_sizeinbase(q.z, 2) == 1024 &&
        mpz_invert(d.z, e.z, phi.z) != 0)
      break;
  }
  mpz_mul(n.z, p.z, q.z);
  Key k;
  k.n = from_mpz<2048>(n.z);
  k.p = from_mpz<1024>(p.z);
  k.q = from_mpz<1024>(q.z);
  mpz_mod(t.z, d.z, pm1.z);
  k.dp = from_mpz<1024>(t.z);
  mpz_mod(t.z, d.z, qm1.z);
  k.dq = from_mpz<1024>(t.z);
  mpz_invert(t.z, q.z, p.z);
  k.qinv = from_mpz<1024>(t.z);
  return k;
}

// ---- the work: one functor each, for host threads and kernels alike ----

/// c = m^65537 mod n (the CPU path; the GPU path calls powm_n).
struct Encrypt {
  warpnum::Montgomery<2048> ctx;
  WARPNUM_HD U2048 operator()(const U2048& m) const { return ctx.powm(m, E64{public_exponent}); }
};

/// m = c^d mod n by CRT: m_p = (c mod p)^dp mod p, m_q likewise, h = qinv (m_p - m_q) mod p, m = m_q + h q.
struct Decrypt {
  warpnum::Montgomery<1024> ctx_p;
  warpnum::Montgomery<1024> ctx_q;
  U1024 p, q, dp, dq;
  U1024 qinv_r;  // q^-1 mod p in Montgomery form, so that ctx_p.mul(x, qinv_r) = x q^-1 mod p
  WARPNUM_HD U2048 operator()(const U2048& c) const {
    const U1024 mp = ctx_p.powm(U1024(c % U2048(p)), dp);
    const U1024 mq = ctx_q.powm(U1024(c % U2048(q)), dq);
    const U1024 mq_p = mq >= p ? mq - p : mq;  // q may exceed p
    const U1024 diff = mp >= mq_p ? mp - mq_p : p - (mq_p - mp);
    const U1024 h = ctx_p.mul(diff, qinv_r);
    return warpnum::mul_wide(h, q) + U2048(mq);
  }
};

// ---- CPU: a functor over slices of the input, one std::thread per core ----

/// Runs op over `in` on `threads` host threads, with progress on stderr for long runs.
template <class Op>
std::vector<U2048> run_cpu(const char* what, const Op& op, const std::vector<U2048>& in, unsigned threads, double& ms) {
  std::vector<U2048> out(in.size());
  ms = examples::for_each_on_cores(in.size(), threads, [&](std::size_t i) { out[i] = op(in[i]); }, what);
  return out;
}

// ---- GPU ----

#if defined(__CUDACC__)
#define CUDA_CHECK(call) examples::cuda_check("warpnum-rsa-batch", (call), #call)

template <class Op> __global__ void for_each(Op op, const U2048* in, U2048* out, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(in[i]);
}

/// Encrypts on the GPU with powm_n and decrypts with the Decrypt functor in a kernel; times each kernel alone.
void run_gpu(const Key& key, const Decrypt& dec, const std::vector<U2048>& msg, std::vector<U2048>& cipher,
             std::vector<U2048>& plain, double& enc_ms, double& dec_ms) {
  const std::size_t n = msg.size();
  const std::size_t bytes = n * sizeof(U2048);
  U2048 *d_msg = nullptr, *d_cipher = nullptr, *d_plain = nullptr;
  CUDA_CHECK(cudaMalloc(&d_msg, bytes));
  CUDA_CHECK(cudaMalloc(&d_cipher, bytes));
  CUDA_CHECK(cudaMalloc(&d_plain, bytes));
  CUDA_CHECK(cudaMemcpy(d_msg, msg.data(), bytes, cudaMemcpyHostToDevice));
  const unsigned threads = 128;
  const auto blocks = static_cast<unsigned>((n + threads - 1) / threads);
  // Warm-up (loads both kernels), kept out of the timing.
  warpnum::powm_n(d_msg, E64{public_exponent}, key.n, d_cipher, std::min<std::size_t>(n, 1));
  for_each<<<1, 1>>>(dec, d_cipher, d_plain, 0);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  cudaEvent_t ev[3];
  for (auto& e : ev) CUDA_CHECK(cudaEventCreate(&e));
  CUDA_CHECK(cudaEventRecord(ev[0]));
  warpnum::powm_n(d_msg, E64{public_exponent}, key.n, d_cipher, n);
  CUDA_CHECK(cudaEventRecord(ev[1]));
  for_each<<<blocks, threads>>>(dec, d_cipher, d_plain, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(ev[2]));
  CUDA_CHECK(cudaEventSynchronize(ev[2]));
  float e1 = 0, e2 = 0;
  CUDA_CHECK(cudaEventElapsedTime(&e1, ev[0], ev[1]));
  CUDA_CHECK(cudaEventElapsedTime(&e2, ev[1], ev[2]));
  enc_ms = e1;
  dec_ms = e2;
  cipher.resize(n);
  plain.resize(n);
  CUDA_CHECK(cudaMemcpy(cipher.data(), d_cipher, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(plain.data(), d_plain, bytes, cudaMemcpyDeviceToHost));
  for (auto& e : ev) CUDA_CHECK(cudaEventDestroy(e));
  CUDA_CHECK(cudaFree(d_msg));
  CUDA_CHECK(cudaFree(d_cipher));
  CUDA_CHECK(cudaFree(d_plain));
}

#endif

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "warpnum-rsa-batch: %s\nusage: warpnum-rsa-batch [--count N] [--seed S] [--cpu]\n", why);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t count = 100000;
  unsigned long seed = 2026;
  [[maybe_unused]] bool force_cpu = false;  // read only where CUDA is compiled in
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cpu") {
      force_cpu = true;
    } else if ((arg == "--count" || arg == "--seed") && i + 1 < argc) {
      const unsigned long long v = warpnum::examples::number_argument(argv[++i], usage);
      (arg == "--count" ? count : seed) = static_cast<std::size_t>(v);
    } else {
      usage(("unknown argument: " + arg).c_str());
    }
  }
  if (count == 0) usage("--count must be at least 1");

  gmp_randstate_t rng;
  gmp_randinit_default(rng);
  gmp_randseed_ui(rng, seed);
  std::printf("generating an RSA-2048 key (GMP) and %zu messages...\n", count);
  const Key key = make_key(rng);
  std::vector<U2048> msg(count);
  {
    Mpz m, n;
    to_mpz(n.z, key.n);
    for (auto& x : msg) {
      mpz_urandomm(m.z, rng, n.z);
      x = from_mpz<2048>(m.z);
    }
  }
  const Encrypt enc{warpnum::Montgomery<2048>(key.n)};
  const warpnum::Montgomery<1024> ctx_p(key.p);
  const Decrypt dec{ctx_p, warpnum::Montgomery<1024>(key.q), key.p, key.q, key.dp, key.dq, ctx_p.to_montgomery(key.qinv)};

  std::string device;
  std::vector<U2048> cipher, plain;
  double enc_ms = 0, dec_ms = 0;
#if defined(__CUDACC__)
  if (!force_cpu) device = examples::gpu_name("warpnum-rsa-batch");
  if (!device.empty()) {
    std::printf("encrypting and decrypting on %s...\n", device.c_str());
    run_gpu(key, dec, msg, cipher, plain, enc_ms, dec_ms);
  }
#endif
  if (device.empty()) {
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    device = "CPU, " + std::to_string(threads) + " threads";
    std::printf("encrypting and decrypting on the %s...\n", device.c_str());
    cipher = run_cpu("encrypting", enc, msg, threads, enc_ms);
    plain = run_cpu("decrypting", dec, cipher, threads, dec_ms);
  }

  std::printf("checking every ciphertext against GMP's mpz_powm and every decryption against its message...\n");
  std::size_t wrong_enc = 0, wrong_dec = 0;
  {
    Mpz m, n, e, c;
    to_mpz(n.z, key.n);
    mpz_set_ui(e.z, public_exponent);
    for (std::size_t i = 0; i < count; ++i) {
      to_mpz(m.z, msg[i]);
      mpz_powm(c.z, m.z, e.z, n.z);
      if (!(from_mpz<2048>(c.z) == cipher[i])) ++wrong_enc;
      if (!(plain[i] == msg[i])) ++wrong_dec;
    }
  }
  std::printf("\n%-34s %-10s %10s %12s %14s %8s\n", "device", "operation", "count", "ms", "per second", "wrong");
  std::printf("%-34s %-10s %10zu %12.2f %14.0f %8zu\n", device.c_str(), "encrypt", count, enc_ms, count / (enc_ms / 1e3),
              wrong_enc);
  std::printf("%-34s %-10s %10zu %12.2f %14.0f %8zu\n", device.c_str(), "decrypt", count, dec_ms, count / (dec_ms / 1e3),
              wrong_dec);
  const bool ok = wrong_enc == 0 && wrong_dec == 0;
  std::printf("\n%s\n", ok ? "all results correct" : "SOME RESULTS ARE WRONG");
  gmp_randclear(rng);
  return ok ? 0 : 1;
}
