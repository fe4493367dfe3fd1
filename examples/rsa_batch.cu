// SPDX-License-Identifier: Apache-2.0
// examples/rsa_batch.cu: RSA-2048 and RSA-4096 private operations over a batch of ciphertexts, beside GMP on every
// CPU core of the same machine. For each size GMP makes the key; warpnum encrypts every message (c = m^65537 mod n)
// and decrypts every ciphertext with the Chinese remainder theorem and the full-size private exponents dp, dq, on
// the GPU if there is one, else on all CPU cores; then GMP decrypts the first ciphertexts the same way (mpz_powm) on
// all CPU cores. Every ciphertext is checked against GMP's mpz_powm and every decryption, warpnum's and GMP's,
// against its message; the rates are printed side by side.
//
//   warpnum-rsa-batch [--bits 2048|4096|both] [--count N] [--gmp-count N] [--seed S] [--cpu] [--constant-time]
//
// --count: messages a size (default 100000 at 2048 bits, 20000 at 4096); --gmp-count: how many of them GMP
// decrypts (default the first 16000, about 7 s at 4096 bits on 16 cores). Rates are per second, so they compare.
// --constant-time: every ciphertext is also decrypted in constant time (warpnum/ct.hpp's ct::rsa_private: the key,
// the message and the blinding secret), on the GPU a thread an element (RSA-2048; RSA-4096 on the CPU), and GMP
// decrypts the first ones by mpz_powm_sec; each blinding is the one before it squared, as ct::rsa_private leaves it.
//
// What to take from it:
//  - warpnum::powm_n (warpnum/batch/powm.hpp) exponentiates a device array with one launch; the modulus'
//    Montgomery context is built once on the host. It picks the layout: a thread an element at 1024 bits, a lane
//    group an element at 2048. The GPU decryption is three steps over device arrays: c mod p and c mod q by a
//    thread each, two powm_n, and the recombination by a thread each.
//  - A Montgomery<Bits / 2> context is a trivially copyable value: pass it to your own kernel and call ctx.mul
//    there, as the recombination below does; the same functor runs in host threads.
//  - A per-thread exponentiation (Montgomery<1024>::powm in your kernel) works too, but at 2048 bits it spills
//    registers and compiles slowly: powm_n's lane groups are the way there.
#include "cli.hpp"
#include "common.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct.hpp>
#include <warpnum/modular.hpp>

#include <gmp.h>

#if defined(__CUDACC__)
#include <warpnum/batch/powm.hpp>

#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

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

/// The private key in the CRT form, and the public modulus, for an RSA modulus of Bits bits.
template <std::size_t Bits> struct Key {
  using Half = warpnum::BigUInt<Bits / 2>;
  warpnum::BigUInt<Bits> n;
  Half p, q, dp, dq, qinv;  // dp = d mod (p - 1), dq = d mod (q - 1), qinv = q^-1 mod p
};

constexpr unsigned long public_exponent = 65537;

/// An RSA key from two random primes of Bits / 2 bits (top two bits set, so n has Bits bits).
template <std::size_t Bits> Key<Bits> make_key(gmp_randstate_t rng) {
  constexpr unsigned long half = Bits / 2;
  Mpz p, q, n, phi, pm1, qm1, e, d, t;
  mpz_set_ui(e.z, public_exponent);
  for (;;) {
    for (mpz_t* x : {&p.z, &q.z}) {
      mpz_urandomb(*x, rng, half);
      mpz_setbit(*x, half - 1);
      mpz_setbit(*x, half - 2);
      mpz_nextprime(*x, *x);
    }
    mpz_sub_ui(pm1.z, p.z, 1);
    mpz_sub_ui(qm1.z, q.z, 1);
    mpz_mul(phi.z, pm1.z, qm1.z);
    if (mpz_cmp(p.z, q.z) != 0 && mpz_sizeinbase(p.z, 2) == half && mpz_sizeinbase(q.z, 2) == half &&
        mpz_invert(d.z, e.z, phi.z) != 0)
      break;
  }
  mpz_mul(n.z, p.z, q.z);
  Key<Bits> k;
  k.n = from_mpz<Bits>(n.z);
  k.p = from_mpz<half>(p.z);
  k.q = from_mpz<half>(q.z);
  mpz_mod(t.z, d.z, pm1.z);
  k.dp = from_mpz<half>(t.z);
  mpz_mod(t.z, d.z, qm1.z);
  k.dq = from_mpz<half>(t.z);
  mpz_invert(t.z, q.z, p.z);
  k.qinv = from_mpz<half>(t.z);
  return k;
}

/// The key's CRT parts as GMP numbers, read by every thread of the GMP decryption.
struct GmpKey {
  Mpz p, q, dp, dq, qinv;
  template <std::size_t Bits> explicit GmpKey(const Key<Bits>& k) {
    to_mpz(p.z, k.p);
    to_mpz(q.z, k.q);
    to_mpz(dp.z, k.dp);
    to_mpz(dq.z, k.dq);
    to_mpz(qinv.z, k.qinv);
  }
};

/// GMP's CRT decryption: m = m_q + q (qinv (m_p - m_q) mod p) with m_p = (c mod p)^dp mod p, m_q likewise, the
/// exponentiations by Powm: mpz_powm (neither side of the default rows runs in constant time), or mpz_powm_sec,
/// GMP's for secret exponents, beside warpnum's constant-time rows. Out of line, so that it is timed as GMP compiles
/// it.
template <void (*Powm)(mpz_ptr, mpz_srcptr, mpz_srcptr, mpz_srcptr)>
[[gnu::noinline]] void gmp_decrypt(mpz_t m, const mpz_t c, const GmpKey& k) {
  Mpz mp, mq;
  mpz_mod(mp.z, c, k.p.z);
  Powm(mp.z, mp.z, k.dp.z, k.p.z);
  mpz_mod(mq.z, c, k.q.z);
  Powm(mq.z, mq.z, k.dq.z, k.q.z);
  mpz_sub(m, mp.z, mq.z);
  mpz_mul(m, m, k.qinv.z);
  mpz_mod(m, m, k.p.z);
  mpz_mul(m, m, k.q.z);
  mpz_add(m, m, mq.z);
}

// ---- the work: functors for host threads, and the recombination for kernels too ----

/// c = m^65537 mod n (the CPU path; the GPU path calls powm_n).
template <std::size_t Bits> struct Encrypt {
  warpnum::Montgomery<Bits> ctx;
  warpnum::BigUInt<Bits> operator()(const warpnum::BigUInt<Bits>& m) const { return ctx.powm(m, E64{public_exponent}); }
};

/// The last step of the CRT decryption: from m_p = c^dp mod p and m_q = c^dq mod q, h = qinv (m_p - m_q) mod p and
/// m = m_q + h q. Runs in kernels and host threads alike.
template <std::size_t Bits> struct Recombine {
  using Half = warpnum::BigUInt<Bits / 2>;
  warpnum::Montgomery<Bits / 2> ctx_p;
  Half p, q;
  Half qinv_r;  // q^-1 mod p in Montgomery form, so that ctx_p.mul(x, qinv_r) = x q^-1 mod p
  WARPNUM_HD warpnum::BigUInt<Bits> operator()(const Half& mp, const Half& mq) const {
    const Half mq_p = mq >= p ? mq - p : mq;  // q may exceed p, but not 2p: both have their top two bits set
    const Half diff = mp >= mq_p ? mp - mq_p : p - (mq_p - mp);
    const Half h = ctx_p.mul(diff, qinv_r);
    return warpnum::mul_wide(h, q) + warpnum::BigUInt<Bits>(mq);
  }
};

/// m = c^d mod n by CRT in one host thread: m_p = (c mod p)^dp mod p, m_q likewise, then Recombine.
template <std::size_t Bits> struct Decrypt {
  using Half = warpnum::BigUInt<Bits / 2>;
  Recombine<Bits> recombine;
  warpnum::Montgomery<Bits / 2> ctx_q;
  Half dp, dq;
  warpnum::BigUInt<Bits> operator()(const warpnum::BigUInt<Bits>& c) const {
    const Half mp = recombine.ctx_p.powm(Half(c % warpnum::BigUInt<Bits>(recombine.p)), dp);
    const Half mq = ctx_q.powm(Half(c % warpnum::BigUInt<Bits>(recombine.q)), dq);
    return recombine(mp, mq);
  }
};

/// Runs op over `in` on `threads` host threads, with progress on stderr for long runs.
template <class T, class Op>
std::vector<T> run_cpu(const char* what, const Op& op, const std::vector<T>& in, unsigned threads, double& ms) {
  std::vector<T> out(in.size());
  ms = examples::for_each_on_cores(in.size(), threads, [&](std::size_t i) { out[i] = op(in[i]); }, what);
  return out;
}

// ---- GPU: encryption by powm_n; decryption by a reduction kernel, two powm_n and a recombination kernel ----

#if defined(__CUDACC__)
#define CUDA_CHECK(call) examples::cuda_check("warpnum-rsa-batch", (call), #call)

constexpr unsigned block_threads = 128;

unsigned blocks_for(std::size_t n) { return static_cast<unsigned>((n + block_threads - 1) / block_threads); }

/// cp[i] = c[i] mod p and cq[i] = c[i] mod q, a thread an element.
template <std::size_t Bits>
__global__ void reduce_mod_factors(const warpnum::BigUInt<Bits>* c, warpnum::BigUInt<Bits / 2> p,
                                   warpnum::BigUInt<Bits / 2> q, warpnum::BigUInt<Bits / 2>* cp,
                                   warpnum::BigUInt<Bits / 2>* cq, std::size_t n) {
  using Half = warpnum::BigUInt<Bits / 2>;
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const warpnum::BigUInt<Bits> x = c[i];
  cp[i] = Half(x % warpnum::BigUInt<Bits>(p));
  cq[i] = Half(x % warpnum::BigUInt<Bits>(q));
}

/// m[i] = recombine(mp[i], mq[i]), a thread an element: the Montgomery context travels inside the functor.
template <std::size_t Bits>
__global__ void recombine_all(Recombine<Bits> recombine, const warpnum::BigUInt<Bits / 2>* mp,
                              const warpnum::BigUInt<Bits / 2>* mq, warpnum::BigUInt<Bits>* m, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) m[i] = recombine(mp[i], mq[i]);
}

/// Device arrays of one size's run.
template <std::size_t Bits> struct DeviceArrays {
  using Full = warpnum::BigUInt<Bits>;
  using Half = warpnum::BigUInt<Bits / 2>;
  Full *msg = nullptr, *cipher = nullptr, *plain = nullptr;
  Half *cp = nullptr, *cq = nullptr, *mp = nullptr, *mq = nullptr;
  explicit DeviceArrays(std::size_t n) {
    for (Full** a : {&msg, &cipher, &plain}) CUDA_CHECK(cudaMalloc(a, n * sizeof(Full)));
    for (Half** a : {&cp, &cq, &mp, &mq}) CUDA_CHECK(cudaMalloc(a, n * sizeof(Half)));
  }
  DeviceArrays(const DeviceArrays&) = delete;
  DeviceArrays& operator=(const DeviceArrays&) = delete;
  ~DeviceArrays() {
    for (Full* a : {msg, cipher, plain}) cudaFree(a);
    for (Half* a : {cp, cq, mp, mq}) cudaFree(a);
  }
};

/// The three steps of the GPU decryption of d.cipher[0, n) into d.plain, queued on the default stream.
template <std::size_t Bits>
void decrypt_gpu(const Key<Bits>& key, const Recombine<Bits>& recombine, DeviceArrays<Bits>& d, std::size_t n) {
  reduce_mod_factors<Bits><<<blocks_for(n), block_threads>>>(d.cipher, key.p, key.q, d.cp, d.cq, n);
  CUDA_CHECK(cudaGetLastError());
  warpnum::powm_n(d.cp, key.dp, key.p, d.mp, n);
  warpnum::powm_n(d.cq, key.dq, key.q, d.mq, n);
  recombine_all<Bits><<<blocks_for(n), block_threads>>>(recombine, d.mp, d.mq, d.plain, n);
  CUDA_CHECK(cudaGetLastError());
}

/// Encrypts on the GPU with powm_n and decrypts in three steps; times encryption and the whole decryption with
/// CUDA events after a warm-up of both.
template <std::size_t Bits>
void run_gpu(const Key<Bits>& key, const Recombine<Bits>& recombine, const std::vector<warpnum::BigUInt<Bits>>& msg,
             std::vector<warpnum::BigUInt<Bits>>& cipher, std::vector<warpnum::BigUInt<Bits>>& plain, double& enc_ms,
             double& dec_ms) {
  const std::size_t n = msg.size();
  const std::size_t bytes = n * sizeof(warpnum::BigUInt<Bits>);
  DeviceArrays<Bits> d(n);
  CUDA_CHECK(cudaMemcpy(d.msg, msg.data(), bytes, cudaMemcpyHostToDevice));
  // Warm-up (loads every kernel), kept out of the timing.
  const std::size_t warm = std::min<std::size_t>(n, 1024);
  warpnum::powm_n(d.msg, E64{public_exponent}, key.n, d.cipher, warm);
  decrypt_gpu(key, recombine, d, warm);
  CUDA_CHECK(cudaDeviceSynchronize());

  cudaEvent_t ev[3];
  for (auto& e : ev) CUDA_CHECK(cudaEventCreate(&e));
  CUDA_CHECK(cudaEventRecord(ev[0]));
  warpnum::powm_n(d.msg, E64{public_exponent}, key.n, d.cipher, n);
  CUDA_CHECK(cudaEventRecord(ev[1]));
  decrypt_gpu(key, recombine, d, n);
  CUDA_CHECK(cudaEventRecord(ev[2]));
  CUDA_CHECK(cudaEventSynchronize(ev[2]));
  float e1 = 0, e2 = 0;
  CUDA_CHECK(cudaEventElapsedTime(&e1, ev[0], ev[1]));
  CUDA_CHECK(cudaEventElapsedTime(&e2, ev[1], ev[2]));
  enc_ms = e1;
  dec_ms = e2;
  cipher.resize(n);
  plain.resize(n);
  CUDA_CHECK(cudaMemcpy(cipher.data(), d.cipher, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(plain.data(), d.plain, bytes, cudaMemcpyDeviceToHost));
  for (auto& e : ev) CUDA_CHECK(cudaEventDestroy(e));
}

/// m[i] = ct::rsa_private(key, c[i], b[i]), a thread an element; each blinding advances in place.
template <std::size_t Bits>
__global__ void ct_decrypt_all(warpnum::ct::RsaKey<Bits> key, const warpnum::BigUInt<Bits>* c,
                               warpnum::ct::RsaBlinding<Bits>* b, warpnum::BigUInt<Bits>* m, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) m[i] = warpnum::ct::rsa_private(key, c[i], b[i]);
}

/// The constant-time decryption of cipher[0, n) on the GPU, timed by CUDA events after a warm-up.
template <std::size_t Bits>
void run_gpu_ct(const warpnum::ct::RsaKey<Bits>& key, const std::vector<warpnum::BigUInt<Bits>>& cipher,
                std::vector<warpnum::ct::RsaBlinding<Bits>> blindings, std::vector<warpnum::BigUInt<Bits>>& plain,
                double& ms) {
  using Full = warpnum::BigUInt<Bits>;
  const std::size_t n = cipher.size();
  Full *c = nullptr, *m = nullptr;
  warpnum::ct::RsaBlinding<Bits>* b = nullptr;
  CUDA_CHECK(cudaMalloc(&c, n * sizeof(Full)));
  CUDA_CHECK(cudaMalloc(&m, n * sizeof(Full)));
  CUDA_CHECK(cudaMalloc(&b, n * sizeof(blindings[0])));
  CUDA_CHECK(cudaMemcpy(c, cipher.data(), n * sizeof(Full), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(b, blindings.data(), n * sizeof(blindings[0]), cudaMemcpyHostToDevice));
  const std::size_t warm = std::min<std::size_t>(n, 1024);
  ct_decrypt_all<Bits><<<blocks_for(warm), block_threads>>>(key, c, b, m, warm);  // advances b[0, warm): reset below
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(b, blindings.data(), warm * sizeof(blindings[0]), cudaMemcpyHostToDevice));
  cudaEvent_t ev[2];
  for (auto& e : ev) CUDA_CHECK(cudaEventCreate(&e));
  CUDA_CHECK(cudaEventRecord(ev[0]));
  ct_decrypt_all<Bits><<<blocks_for(n), block_threads>>>(key, c, b, m, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(ev[1]));
  CUDA_CHECK(cudaEventSynchronize(ev[1]));
  float t = 0;
  CUDA_CHECK(cudaEventElapsedTime(&t, ev[0], ev[1]));
  ms = t;
  plain.resize(n);
  CUDA_CHECK(cudaMemcpy(plain.data(), m, n * sizeof(Full), cudaMemcpyDeviceToHost));
  for (auto& e : ev) CUDA_CHECK(cudaEventDestroy(e));
  for (void* p : {static_cast<void*>(c), static_cast<void*>(m), static_cast<void*>(b)}) cudaFree(p);
}

#endif

// ---- one size from key to rates ----

struct Options {
  std::size_t count = 0;      // 0: the size's default
  std::size_t gmp_count = 16000;
  unsigned long seed = 2026;
  bool force_cpu = false;
  bool constant_time = false;
  std::string gpu;            // GPU 0's name, "" for none or --cpu
  unsigned threads = 1;       // host threads
};

/// A table row.
struct Row {
  std::size_t bits;
  std::string device;
  const char* operation;
  std::size_t count;
  double ms;
  std::size_t wrong;
};

/// A size's private-operation rates, warpnum's and GMP's, for the closing lines.
struct Summary {
  std::size_t bits;
  std::string device;
  const char* how;  // "" or " in constant time"
  double warpnum_rate;
  double gmp_rate;
};

/// The constant-time decryption of every ciphertext (ct::rsa_private, each with its own blinding: the first from a
/// random r, each next the one before squared), on the GPU for RSA-2048 where there is one, else on the CPU's
/// threads; then GMP's mpz_powm_sec decryption of the first gmp_count on every core. Each result is checked against
/// its message.
template <std::size_t Bits>
void run_constant_time(const Options& opt, const Key<Bits>& key, const std::vector<warpnum::BigUInt<Bits>>& cipher,
                       const std::vector<warpnum::BigUInt<Bits>>& msg, const GmpKey& gkey, std::vector<Row>& rows,
                       std::vector<Summary>& summaries) {
  using Full = warpnum::BigUInt<Bits>;
  const std::size_t count = cipher.size();
  const std::size_t gmp_count = std::min(count, opt.gmp_count);
  const std::string label = "RSA-" + std::to_string(Bits) + " constant-time";
  const warpnum::ct::RsaKey<Bits> ctkey(key.n, public_exponent, key.p, key.q, key.dp, key.dq, key.qinv);
  std::printf("RSA-%zu: making %zu blindings (each the one before squared)...\n", Bits, count);
  std::vector<warpnum::ct::RsaBlinding<Bits>> blindings(count);
  {
    gmp_randstate_t rng;
    gmp_randinit_default(rng);
    gmp_randseed_ui(rng, opt.seed + 3 * Bits);
    Mpz r, n;
    to_mpz(n.z, key.n);
    mpz_urandomm(r.z, rng, n.z);
    gmp_randclear(rng);
    blindings[0] = warpnum::ct::make_blinding(ctkey, from_mpz<Bits>(r.z));
    const auto& ctx = ctkey.n_context();
    for (std::size_t i = 1; i < count; ++i) {
      const auto& b = blindings[i - 1];
      blindings[i] = {ctx.mul(ctx.to_montgomery(b.r_e), b.r_e), ctx.mul(ctx.to_montgomery(b.r_inv), b.r_inv)};
    }
  }
  std::vector<Full> plain;
  double ms = 0;
  std::string device = opt.gpu;
#if defined(__CUDACC__)
  if (!device.empty() && Bits == 2048) {
    std::printf("RSA-%zu: decrypting in constant time on %s...\n", Bits, device.c_str());
    run_gpu_ct<Bits>(ctkey, cipher, blindings, plain, ms);
  } else {
    device.clear();
  }
#endif
  if (device.empty()) {
    device = "CPU (" + std::to_string(opt.threads) + " threads)";
    std::printf("RSA-%zu: decrypting in constant time on the %s...\n", Bits, device.c_str());
    plain.resize(count);
    ms = examples::for_each_on_cores(
        count, opt.threads, [&](std::size_t i) { plain[i] = warpnum::ct::rsa_private(ctkey, cipher[i], blindings[i]); },
        (label + " decrypting").c_str());
  }
  std::printf("RSA-%zu: decrypting %zu ciphertexts with GMP's mpz_powm_sec on %u threads...\n", Bits, gmp_count,
              opt.threads);
  std::vector<Mpz> gc(gmp_count), gm(gmp_count);
  for (std::size_t i = 0; i < gmp_count; ++i) to_mpz(gc[i].z, cipher[i]);
  const double gmp_ms = examples::for_each_on_cores(
      gmp_count, opt.threads, [&](std::size_t i) { gmp_decrypt<mpz_powm_sec>(gm[i].z, gc[i].z, gkey); },
      (label + " GMP").c_str());
  std::size_t wrong = 0, wrong_gmp = 0;
  for (std::size_t i = 0; i < count; ++i) {
    wrong += !(plain[i] == msg[i]);
    if (i < gmp_count) wrong_gmp += !(from_mpz<Bits>(gm[i].z) == msg[i]);
  }
  rows.push_back({Bits, "warpnum, " + device, "decrypt ct", count, ms, wrong});
  rows.push_back({Bits, "GMP mpz_powm_sec, CPU (" + std::to_string(opt.threads) + " threads)", "decrypt ct", gmp_count,
                  gmp_ms, wrong_gmp});
  summaries.push_back({Bits, device, " in constant time", count / (ms / 1e3), gmp_count / (gmp_ms / 1e3)});
}

template <std::size_t Bits> void run_size(const Options& opt, std::vector<Row>& rows, std::vector<Summary>& summaries) {
  using Full = warpnum::BigUInt<Bits>;
  const std::size_t count = opt.count != 0 ? opt.count : (Bits == 2048 ? 100000 : 20000);
  const std::size_t gmp_count = std::min(count, opt.gmp_count);

  gmp_randstate_t rng;
  gmp_randinit_default(rng);
  gmp_randseed_ui(rng, opt.seed + Bits);
  std::printf("RSA-%zu: generating a key (GMP) and %zu messages...\n", Bits, count);
  const Key<Bits> key = make_key<Bits>(rng);
  std::vector<Full> msg(count);
  {
    Mpz m, n;
    to_mpz(n.z, key.n);
    for (auto& x : msg) {
      mpz_urandomm(m.z, rng, n.z);
      x = from_mpz<Bits>(m.z);
    }
  }
  gmp_randclear(rng);
  const warpnum::Montgomery<Bits / 2> ctx_p(key.p);
  const Recombine<Bits> recombine{ctx_p, key.p, key.q, ctx_p.to_montgomery(key.qinv)};
  const std::string label = "RSA-" + std::to_string(Bits);

  std::string device = opt.gpu;
  std::vector<Full> cipher, plain;
  double enc_ms = 0, dec_ms = 0;
#if defined(__CUDACC__)
  if (!device.empty()) {
    std::printf("RSA-%zu: encrypting and decrypting on %s...\n", Bits, device.c_str());
    run_gpu(key, recombine, msg, cipher, plain, enc_ms, dec_ms);
  }
#endif
  if (device.empty()) {
    device = "CPU (" + std::to_string(opt.threads) + " threads)";
    std::printf("RSA-%zu: encrypting and decrypting on the %s...\n", Bits, device.c_str());
    const Encrypt<Bits> enc{warpnum::Montgomery<Bits>(key.n)};
    const Decrypt<Bits> dec{recombine, warpnum::Montgomery<Bits / 2>(key.q), key.dp, key.dq};
    cipher = run_cpu((label + " encrypting").c_str(), enc, msg, opt.threads, enc_ms);
    plain = run_cpu((label + " decrypting").c_str(), dec, cipher, opt.threads, dec_ms);
  }

  // GMP's decryption of the first gmp_count ciphertexts on every core, numbers converted before the clock starts.
  std::printf("RSA-%zu: decrypting %zu ciphertexts with GMP on %u threads...\n", Bits, gmp_count, opt.threads);
  const GmpKey gkey(key);
  std::vector<Mpz> gc(gmp_count), gm(gmp_count);
  for (std::size_t i = 0; i < gmp_count; ++i) to_mpz(gc[i].z, cipher[i]);
  const double gmp_ms = examples::for_each_on_cores(
      gmp_count, opt.threads, [&](std::size_t i) { gmp_decrypt<mpz_powm>(gm[i].z, gc[i].z, gkey); },
      (label + " GMP").c_str());

  std::printf("RSA-%zu: checking every ciphertext against GMP's mpz_powm and every decryption against its message...\n",
              Bits);
  std::atomic<std::size_t> wrong_enc{0}, wrong_dec{0}, wrong_gmp{0};
  Mpz n, e;
  to_mpz(n.z, key.n);
  mpz_set_ui(e.z, public_exponent);
  examples::for_each_on_cores(
      count, opt.threads,
      [&](std::size_t i) {
        Mpz m, c;
        to_mpz(m.z, msg[i]);
        mpz_powm(c.z, m.z, e.z, n.z);
        if (!(from_mpz<Bits>(c.z) == cipher[i])) ++wrong_enc;
        if (!(plain[i] == msg[i])) ++wrong_dec;
        if (i < gmp_count && mpz_cmp(gm[i].z, m.z) != 0) ++wrong_gmp;
      },
      (label + " checking").c_str());

  const std::string gmp_device = "GMP, CPU (" + std::to_string(opt.threads) + " threads)";
  rows.push_back({Bits, "warpnum, " + device, "encrypt", count, enc_ms, wrong_enc.load()});
  rows.push_back({Bits, "warpnum, " + device, "decrypt", count, dec_ms, wrong_dec.load()});
  rows.push_back({Bits, gmp_device, "decrypt", gmp_count, gmp_ms, wrong_gmp.load()});
  summaries.push_back({Bits, device, "", count / (dec_ms / 1e3), gmp_count / (gmp_ms / 1e3)});
  if (opt.constant_time) run_constant_time<Bits>(opt, key, cipher, msg, gkey, rows, summaries);
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "warpnum-rsa-batch: %s\nusage: warpnum-rsa-batch [--bits 2048|4096|both] [--count N] [--gmp-count N] "
               "[--seed S] [--cpu] [--constant-time]\n",
               why);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  std::string bits = "both";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cpu") {
      opt.force_cpu = true;
    } else if (arg == "--constant-time") {
      opt.constant_time = true;
    } else if (arg == "--bits" && i + 1 < argc) {
      bits = argv[++i];
      if (bits != "2048" && bits != "4096" && bits != "both")
        usage(("--bits must be 2048, 4096 or both: " + bits).c_str());
    } else if ((arg == "--count" || arg == "--gmp-count" || arg == "--seed") && i + 1 < argc) {
      const unsigned long long v = warpnum::examples::number_argument(argv[++i], usage);
      if (arg == "--count") {
        opt.count = static_cast<std::size_t>(v);
        if (opt.count == 0) usage("--count must be at least 1");
      } else if (arg == "--gmp-count") {
        opt.gmp_count = static_cast<std::size_t>(v);
        if (opt.gmp_count == 0) usage("--gmp-count must be at least 1");
      } else {
        opt.seed = static_cast<unsigned long>(v);
      }
    } else {
      usage(("unknown argument: " + arg).c_str());
    }
  }
  opt.threads = std::max(1u, std::thread::hardware_concurrency());
#if defined(__CUDACC__)
  if (!opt.force_cpu) opt.gpu = examples::gpu_name("warpnum-rsa-batch");
#endif

  std::vector<Row> rows;
  std::vector<Summary> summaries;
  if (bits != "4096") run_size<2048>(opt, rows, summaries);
  if (bits != "2048") run_size<4096>(opt, rows, summaries);

  bool ok = true;
  std::printf("\n%5s %-40s %-10s %10s %12s %14s %8s\n", "bits", "device", "operation", "count", "ms", "per second",
              "wrong");
  for (const Row& r : rows) {
    std::printf("%5zu %-40s %-10s %10zu %12.2f %14.0f %8zu\n", r.bits, r.device.c_str(), r.operation, r.count, r.ms,
                r.count / (r.ms / 1e3), r.wrong);
    ok = ok && r.wrong == 0;
  }
  std::printf("\n");
  for (const Summary& s : summaries)
    std::printf("RSA-%zu private operations%s: warpnum %.0f/s on %s, GMP %.0f/s on %u threads: %.2fx\n", s.bits, s.how,
                s.warpnum_rate, s.device.c_str(), s.gmp_rate, opt.threads, s.warpnum_rate / s.gmp_rate);
  std::printf("\n%s\n", ok ? "all results correct" : "SOME RESULTS ARE WRONG");
  return ok ? 0 : 1;
}
