// SPDX-License-Identifier: Apache-2.0
// src/huge/engine.hpp (private to warpnum::huge): the limb-array operations Integer is built from, each running in
// one place (Place::host: the host's cores; Place::device: CUDA kernels, on the legacy default stream unless a
// Queue names another). Pointers point into that place's memory. Every function returns when its work is complete
// (device work synchronised), except where a Queue with wait = false says otherwise and where the packed-slot
// fills below say so; each throws std::runtime_error on a CUDA error, warpnum::OutOfMemory (a std::bad_alloc)
// when memory runs out.
//
// Files and owners (each .cu compiles with nvcc when CUDA is on, and as C++ by g++ otherwise: kernels and CUDA
// calls sit under WARPNUM_HAS_CUDA; the arithmetic is WARPNUM_HD code in include/warpnum/huge/, one body for host
// and device):
//   convolve.cu    convolve_ntt, convolve_columns, ntt_max_product (the transforms: include/warpnum/huge/ntt.hpp);
//                  device_scratch.hpp the pool's scratch for their kernels
//   convolve_fft.cpp  multiply_fft_host and the host's FFT loops, the double-precision FFT's reference
//                  (include/warpnum/huge/fft.hpp)
//   convolve_fft_device.cu  multiply_fft_device: the same transform in passes through shared memory
//   carry.cu       normalise, add/sub/compare/shift of limb arrays (carry look-ahead: include/warpnum/huge/carry.hpp)
//   integer.cpp    Integer's members and operators, the multiplication dispatch (thresholds.hpp), Karatsuba;
//                  integer_access.hpp lets the other files build an Integer's limbs in place
//   async_integer.cpp  AsyncInteger: the same operations queued on a stream, with no synchronisation
//   packed_integers.cpp  PackedIntegers: many integers in one allocation, multiplied (multiply_batch) and added
//                  pair by pair in a few launches
//   divide.cpp     Newton division, divmod_floor, / and %
//   base_cases.cu  the smallest levels of Newton's reciprocal and square root in either place (a warp and one
//                  thread on the device)
//   text.cpp       to_string, the text constructor (divide and conquer for decimal)
//   devices_product.cu  multiply(devices, a, b): block products dealt to a device list's GPUs, or one transform
//                  cut over them (distributed_transform.cu, over convolve.cu's passes: transform_passes.hpp)
//   radix_tree.cpp the same conversions by whole levels, for numbers on the device; packed_slots.cu its passes
//                  over the packed slots (include/warpnum/huge/radix_tree.hpp)
#pragma once

#include <warpnum/huge/carry.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/integer.hpp>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>
#endif

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace warpnum::huge {

namespace ntt {
struct Crt;  // huge/ntt.hpp: the remainder step's constants
}

using limb_t = std::uint32_t;

/// One coefficient of a convolution of 32-bit limbs: a value below 2^96 as three little-endian words.
struct Coef96 {
  std::uint32_t w[3];
};

/// The stream device work is queued on, and whether the call waits for it. Queue{} (the legacy default stream,
/// waiting) is what Integer's operations use: the work is complete on return. Queue::on(s) queues on s and returns
/// at once (AsyncInteger): results are ready in s's order, scratch is freed in s's order, and nothing is read back.
/// On the host, work is always complete on return.
struct Queue {
  stream_handle stream = nullptr;
  bool wait = true;
  static Queue on(stream_handle s) noexcept { return {s, false}; }
};

// ---- convolutions (convolve.cu) ----

/// c[k] = sum over i + j = k of a[i] * b[j], for 0 <= k < na + nb - 1 (na, nb >= 1, na + nb <= ntt_max_product()),
/// exactly, by number-theoretic transforms modulo three 31-bit primes and the Chinese remainder theorem. a == b
/// with na == nb is a square (one forward transform). Scratch is allocated inside (from the pool, on the queue's
/// stream on the device).
void convolve_ntt(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place,
                  Queue queue = {});
/// The same coefficients by columns: the paper's tiled convolution on the device (blocks of T x T products), Comba's
/// columns on the host. For medium sizes; exact for any size whose coefficients fit (min(na, nb) < 2^32).
void convolve_columns(Coef96* c, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place,
                      Queue queue = {});
/// r[0, n_out) = a * b (n_out >= na + nb), the convolution of convolve_ntt normalised: the same as convolve_ntt then
/// normalise, but on the device the coefficients are never written (normalise_residues).
void multiply_ntt(limb_t* r, std::size_t n_out, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                  Place place, Queue queue = {});
/// The largest na + nb convolve_ntt takes (its longest transform).
std::size_t ntt_max_product() noexcept;
/// The shortest transform length (2^k, 3 2^k or 5 2^k) of at least `limbs`: a length multiply_mod_bnm1_host takes.
std::size_t cyclic_length_at_least(std::size_t limbs) noexcept;
/// Host: r[0, length) = a * b modulo 2^(32 length) - 1 (na, nb in [1, length], `length` a transform length of at most
/// half the longest), by one cyclic transform of `length` points where the whole product would take one of na + nb:
/// the wrapped product of Schoenhage and Strassen's recursion and of GMP's mulmod_bnm1. The value lies in
/// [0, 2^(32 length)), 2^(32 length) - 1 standing for 0.
void multiply_mod_bnm1_host(limb_t* r, std::size_t length, const limb_t* a, std::size_t na, const limb_t* b,
                            std::size_t nb);
/// Host: r[0, length) = x[0, n) modulo 2^(32 length) - 1: x's pieces of `length` limbs added (2^(32 length) = 1 there),
/// and the carries out of the sum added again. The value lies in [0, 2^(32 length)), 2^(32 length) - 1 standing for 0.
void fold_mod_bnm1_host(limb_t* r, std::size_t length, const limb_t* x, std::size_t n);
/// The threads the host's transform, Toom-Cook's tasks and the division's choice of pieces count on (OpenMP's
/// omp_get_max_threads(); 1 without OpenMP).
int host_threads() noexcept;
/// Whether the host's transforms run their radix-2 levels and pointwise products eight words at a time (an x86-64
/// processor with AVX2: detail/x86/ntt_avx2.hpp), which moves the host's threshold of the transform. The environment
/// variable WARPNUM_HOST_NTT_SCALAR=1 asks for the scalar steps instead (read once).
bool host_ntt_is_vectorised() noexcept;

// ---- the double-precision FFT (convolve_fft.cpp) ----

namespace fft {
struct Complex;
}
/// The double-precision FFT of x[0, 2^log2_n) in place, by decimation in frequency (natural order in, bit-reversed
/// order out), on the host's cores; w from fft::make_roots(log2_n), the roots level by level
/// (include/warpnum/huge/fft.hpp).
void fft_forward_host(fft::Complex* x, unsigned log2_n, const fft::Complex* w);
/// Its inverse, times 2^log2_n: bit-reversed order in, natural order out, by decimation in time.
void fft_inverse_host(fft::Complex* x, unsigned log2_n, const fft::Complex* w);

/// What multiply_fft_host chose and saw: the digit width, the transform's length 2^log2_n, Percival's bound for the
/// worst digits, and the largest distance of a computed coefficient from an integer.
struct FftReport {
  unsigned bits;
  unsigned log2_n;
  double bound;
  double max_error;
};
/// r[0, na + nb) = a * b by the double-precision FFT on the host (include/warpnum/huge/fft.hpp), true; or false,
/// with r unspecified, where no digit width keeps the proven bound below fft::error_limit or a computed coefficient
/// lies that far from an integer (then use convolve_ntt). `bits` != 0 forces a digit width of at most 20 bits,
/// whatever its bound (the tests' way to see the check catch a width too wide); `report`, where given, receives what
/// the call chose and measured. The reference for the device's FFT; Integer's MulAlgorithm::fft on the host.
bool multiply_fft_host(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                       FftReport* report = nullptr, unsigned bits = 0);
/// The same on the device (convolve_fft_device.cu), operands and result in device memory, on the legacy default
/// stream, complete on return (the check reads the largest error back). Device memory: 32 N bytes of spectra (16 N
/// for a square) and 16 N of roots for transforms of N points, 48 GiB for 10^9-digit operands. Throws
/// warpnum::OutOfMemory where that is not to be had. Integer's products beyond the longest number-theoretic
/// transform, and MulAlgorithm::fft.
bool multiply_fft_device(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                         FftReport* report = nullptr, unsigned bits = 0);

/// One product of a batch: a[0, na) * b[0, nb) (na or nb 0: zero), its result at `out` of the batch's output, which
/// has room for na + nb limbs (coefficients) there.
struct ProductJob {
  const limb_t* a;
  std::size_t na;
  const limb_t* b;
  std::size_t nb;
  std::size_t out;
};
/// Whether the device multiplies na by nb limbs by the tiled convolution (else the transform): na nb below
/// thresholds::device_ntt squared. mul_algorithm's rule for the device, and the batch's.
bool device_product_is_tiled(std::size_t na, std::size_t nb) noexcept;
/// c[0, total) = the coefficients of every job's product at its `out` (regions disjoint, within total; zero
/// elsewhere). On the device the tiled products are one launch (every tile of every product a block, Dieguez et al.'s
/// tiles with a product found by binary search), the transform's products one after another, all queued; on the
/// host each product by its columns or the transform. Every na + nb at most ntt_max_product().
void convolve_batch(Coef96* c, std::size_t total, std::span<const ProductJob> jobs, Place place, Queue queue = {});
/// Tests only: when not 0, Integer's transform products split above this many limbs of na + nb instead of above
/// ntt_max_product() (about 4.2 * 10^7 limbs, too long for a host test), so that the split path runs at small sizes.
inline std::atomic<std::size_t> transform_product_limit_for_tests{0};
/// Tests only: when not 0, multiply(devices, a, b) cuts one transform over the list's entries from this many limbs of
/// na + nb instead of from thresholds::device_distributed_transform, so that short transforms (a tile or a row group
/// fewer than the entries) take that path too.
inline std::atomic<std::size_t> distributed_transform_from_for_tests{0};
/// Tests and benchmarks only: when true, the host's division and reciprocal form each remainder and each Newton
/// residual from the whole product instead of from the product modulo 2^(32 L) - 1
/// (NumberTraits<Integer>::difference_below), to compare the two.
inline std::atomic<bool> wrapped_products_off_for_tests{false};
/// Tests only: added to every quotient estimate of radix conversion by levels (radix_tree.cpp), to show that
/// estimates anywhere in what its bias allows (2 either side of the natural error) still give the exact digits.
inline std::atomic<int> radix_estimate_offset_for_tests{0};

// ---- packed slots (packed_slots.cu): the numbers of a level of radix conversion in one limb array, slot i of
// `stride` limbs at limb i * stride; each call writes `count` slots of its output (huge/radix_tree.hpp). On the
// device the fills return once launched, ordered on the legacy default stream before whatever reads them next;
// slots_multiples and the text functions wait for their results. ----

/// Slot i = bits [bit, bit + 32 take) of slot i of src (slots of src_stride), zero above.
void slots_shifted(limb_t* out, std::size_t count, std::size_t out_stride, const limb_t* src, std::size_t src_limbs,
                   std::size_t src_stride, std::size_t bit, std::size_t take, Place place);
/// Slot i = values[i], or `constant` where values is null.
void slots_small(limb_t* out, std::size_t count, std::size_t stride, const std::uint32_t* values,
                 std::uint32_t constant, Place place);
/// Slot i = row rows[i] of table (rows of row_limbs; table[0, table_limbs), zero past it).
void slots_rows(limb_t* out, std::size_t count, std::size_t stride, const std::uint32_t* rows, const limb_t* table,
                std::size_t table_limbs, std::size_t row_limbs, Place place);
/// Slot o = slot o / 2 of `even` (o even) or of `odd` (o odd), their slots of in_stride; `count` output slots.
void slots_interleave(limb_t* out, std::size_t count, std::size_t out_stride, const limb_t* even,
                      std::size_t even_limbs, const limb_t* odd, std::size_t odd_limbs, std::size_t in_stride,
                      Place place);
/// Slot i = slot 2 i + parity of src (slots of in_stride).
void slots_pairs(limb_t* out, std::size_t count, std::size_t out_stride, const limb_t* src, std::size_t src_limbs,
                 std::size_t in_stride, std::size_t parity, Place place);
/// Slot k = the low words of k d[l] at limb l (high false), or their high words at limb l + 1 (high true): the two
/// halves whose sum is k d, for k < count (< 2^32).
void slots_multiple_halves(limb_t* out, std::size_t count, std::size_t stride, const limb_t* d, std::size_t d_limbs,
                           bool high, Place place);
/// j[i] = the largest k < rows with slot i of r >= row k of the table (rows increasing, row 0 zero); j in the
/// place's memory. Returns whether some slot reached the last row.
bool slots_multiples(std::uint32_t* j, const limb_t* r, std::size_t r_limbs, std::size_t count, std::size_t stride,
                     const limb_t* table, std::size_t table_limbs, std::size_t row_limbs, std::uint32_t rows,
                     Place place);
/// The digits of the slots of v (each below word^words, words word_digits digits, the first slot the most
/// significant), without leading zeros ("0" for none).
std::string slots_to_text(const limb_t* v, std::size_t v_limbs, std::size_t count, std::size_t stride,
                          std::uint32_t word, unsigned word_digits, unsigned words, unsigned base, Place place);
/// Slot i of out = the value of leaf i of the host text[0, length) (words word_digits digits a leaf, the first
/// preceded by `pad` zeros).
void text_to_slots(limb_t* out, const char* text, std::size_t length, std::ptrdiff_t pad, std::size_t count,
                   std::size_t stride, std::uint32_t word, unsigned word_digits, unsigned words, unsigned base,
                   Place place);

// ---- radix conversion by whole levels (radix_tree.cpp) ----

/// The digits of x in a base from 3 to 36 that is not a power of two ("-" first for a negative x), where x lives:
/// the divide and conquer with every number of a level packed into one Integer (a few products a level).
std::string to_text_tree(const Integer& x, int base);
/// The value of digits (at least one, each valid in the base: 3 to 36, not a power of two) in the place, by the
/// same levels upwards.
Integer from_text_tree(std::string_view digits, int base, Place place);

// ---- carries and linear operations (carry.cu) ----

/// out[0, n_out) = the low n_out limbs of sum over k < nc of c[k] 2^(32 k): all of it where n_out >= nc + 3 (any
/// coefficients below 2^96), or where the caller knows the value fits (a product of na and nb limbs in na + nb);
/// limbs above the value are zero. The paper's two phases: each coefficient adds its high words to the next two limbs,
/// then the one-bit carries resolve by carry look-ahead at thread, warp and block level and across blocks.
void normalise(limb_t* out, std::size_t n_out, const Coef96* c, std::size_t nc, Place place, Queue queue = {});
/// The same on the device, for the nc coefficients of a product given as its three transforms' residues (prime q's
/// residue of coefficient k at residues[q length + k], as the inverse transforms leave them): each tile of the
/// carries' passes makes its coefficients by the remainder step (ntt::crt_combine) as it loads them.
void normalise_residues(limb_t* out, std::size_t n_out, const std::uint32_t* residues, std::size_t length,
                        std::size_t nc, const ntt::Crt& crt, Queue queue = {});
/// r[0, na) = a + b (na >= nb, b zero-extended); returns the carry out of limb na - 1. r may alias a or b.
limb_t add(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place);
/// The same on a queue: the carry out goes to *carry (one limb in the place's memory) where carry is not null.
void add(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, limb_t* carry, Place place,
         Queue queue);
/// r[0, na) = a - b (na >= nb, a >= b as numbers; else r is a - b + 2^(32 na)). The borrow out of limb na - 1
/// (1 where a < b) goes to *borrow (one limb in the place's memory) where borrow is not null. r may alias a or b.
void sub(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place, Queue queue = {},
         limb_t* borrow = nullptr);
/// r[0, n) = the low n limbs of a 2^(a.shift) + b 2^(b.shift), each operand read shifted (ShiftedLimbs: a negative
/// shift floors), in one carry resolution: a shifted operand costs no copy and no launch of its own. The carry out
/// of limb n - 1 goes to *carry (one limb in the place's memory) where carry is not null. r must not overlap a or b
/// (a shifted read crosses the tiles that others write).
void add_shifted(limb_t* r, std::size_t n, ShiftedLimbs a, ShiftedLimbs b, limb_t* carry, Place place, Queue queue);
/// r[0, n) = a 2^(a.shift) - b 2^(b.shift) mod 2^(32 n), the same way; the borrow out of limb n - 1 (1 where the
/// difference is negative and n limbs hold the rest) to *borrow where borrow is not null.
void sub_shifted(limb_t* r, std::size_t n, ShiftedLimbs a, ShiftedLimbs b, limb_t* borrow, Place place, Queue queue);
/// *flag = 1 where bits [0, bits) of p[0, n) (zero past n) are not all zero, else 0; flag is one limb in the
/// place's memory.
void low_bits_nonzero(limb_t* flag, const limb_t* p, std::size_t n, std::size_t bits, Place place, Queue queue);
/// The most flags or_flags takes a call (one kernel: their pointers are the kernel's argument, 256 bytes).
inline constexpr std::size_t or_flags_most = 32;
/// *into = (accumulate ? *into : 0) | *from[0] | *from[1] | ... for at most or_flags_most flags (one limb each in the
/// place's memory; more throw std::invalid_argument), in one kernel on the device.
void or_flags(limb_t* into, std::span<const limb_t* const> from, bool accumulate, Place place, Queue queue);
/// r[0, n) = t[0, n) where *flag is 0, r unchanged where it is not (flag: one limb in the place's memory, read on
/// the device: a choice the host does not wait for).
void take_where_clear(limb_t* r, const limb_t* t, std::size_t n, const limb_t* flag, Place place, Queue queue);
/// *flag = 1 - *flag, for a flag of 0 or 1 (one limb in the place's memory).
void invert_flag(limb_t* flag, Place place, Queue queue);
/// One slot of gather_slots: `len` limbs from src (in the place) to out[at, at + room), zero from len on (len <= room).
struct SlotCopy {
  const limb_t* src;
  std::size_t len;
  std::size_t at;
  std::size_t room;
};
/// out[0, total) = every copy's slot, the copies in order of `at` and their rooms tiling [0, total) (the table in
/// host memory; on the device one kernel, each limb finding its slot by binary search). out must not overlap a src.
void gather_slots(limb_t* out, std::size_t total, std::span<const SlotCopy> copies, Place place, Queue queue);
/// -1, 0, 1 comparing a and b of n limbs each.
int compare(const limb_t* a, const limb_t* b, std::size_t n, Place place);
/// r[0, nr) = limbs [0, nr) of a * 2^bits (a of na limbs). r must not alias a.
void shift_left(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t bits, Place place,
                Queue queue = {});
/// r[0, nr) = limbs [0, nr) of floor(a / 2^bits) (a of na limbs). r must not alias a.
void shift_right(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t bits, Place place,
                 Queue queue = {});
/// r[0, nr) = limbs [0, nr) of 2^bits - 1 - (floor(a / 2^drop) mod 2^bits): the complement of a >> drop in `bits`
/// bits, no carries (a of na limbs; limbs of r past `bits` are zero). r must not alias a.
void complement_shifted(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t drop, std::size_t bits,
                        Place place, Queue queue = {});
/// *count = the leading zero bits of p[0, n) in its 32 n bits, rounded down to a multiple of `unit` (1, or 2 for an
/// even shift), so that p << *count has its top bit set (unit 1); 0 for a zero p. *status (if not null) becomes
/// zero_code for a zero p, short_code for a p whose limb n - 1 is zero, else 0. Both one limb in the place's memory,
/// written on the device: a normalisation the host does not wait for (n < 2^27).
void leading_zero_bits(limb_t* count, limb_t* status, limb_t zero_code, limb_t short_code, const limb_t* p,
                       std::size_t n, unsigned unit, Place place, Queue queue);
/// shift_left and shift_right by *count >> count_shift bits (count: one limb in the place's memory, read where the
/// shift runs; count_shift 1 halves an even count, a square root's).
void shift_left_by(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, const limb_t* count,
                   unsigned count_shift, Place place, Queue queue);
void shift_right_by(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, const limb_t* count,
                    unsigned count_shift, Place place, Queue queue);
/// p[0, n) = v (its low limbs, zero above), written in the queue's order: a constant made without a copy from
/// the host.
void set_uint(limb_t* p, std::size_t n, std::uint64_t v, Place place, Queue queue);
/// The number of limbs of p[0, n) up to and including the highest non-zero one (0 when all are zero); that
/// limb's value goes to *top when top is not null (0 for zero).
std::size_t significant_limbs(const limb_t* p, std::size_t n, Place place, limb_t* top = nullptr);
/// Place::automatic resolved: the device where this library was built with CUDA and a GPU is present, else the
/// host. Place::device where there is none throws std::runtime_error. (Here, not in the inline headers: the
/// answer depends on how carry.cu was compiled, and integer.cpp is compiled by g++ either way.)
Place resolve_place(Place place);
/// Device bytes from warpnum::huge's own stream-ordered pool on the current device (created on first use, its
/// release threshold at "never": the default pool's threshold of 0 maps scratch anew at every synchronisation,
/// about 0.08 ms, most of a 10^6-digit product's time on an H100; a pool of our own leaves the process's default
/// pool as its owner set it). Ordered on `stream` (the legacy default stream by default). Throws std::bad_alloc when
/// memory runs out, std::logic_error in a build without CUDA.
void* device_allocate(std::size_t bytes, stream_handle stream = nullptr);
void device_free(void* p, stream_handle stream = nullptr) noexcept;
#if WARPNUM_HAS_CUDA
/// Throws for a failed CUDA call: std::bad_alloc for cudaErrorMemoryAllocation, else std::runtime_error("warpnum:
/// <what>: <CUDA's reason>").
void cuda_check(cudaError_t e, const char* what);
/// Checks the launches since the last check and waits for them (the legacy default stream).
void launched(const char* what);
#endif
/// n elements of device memory from device_allocate (none for n = 0), freed on scope exit; both in the order of
/// `stream`.
template <class T> class DeviceArray {
 public:
  explicit DeviceArray(std::size_t n, stream_handle stream = nullptr)
      : p_(n == 0 ? nullptr : static_cast<T*>(device_allocate(n * sizeof(T), stream))), stream_(stream) {}
  ~DeviceArray() { device_free(p_, stream_); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  T* get() const { return p_; }

 private:
  T* p_;
  stream_handle stream_;
};
/// Memory in a place (contents undefined; on the device ordered on `stream`), its release, and copies between
/// places. A queued copy that touches the host waits all the same (the host's side may be pageable memory).
limb_t* allocate(std::size_t limbs, Place place, stream_handle stream = nullptr);
void release(limb_t* p, Place place, stream_handle stream = nullptr) noexcept;
void copy(limb_t* dst, Place to, const limb_t* src, Place from, std::size_t limbs, Queue queue = {});
void fill_zero(limb_t* p, std::size_t limbs, Place place, Queue queue = {});
/// Waits for the queue's stream where the place is the device and the queue waits; nothing otherwise.
void complete(Place place, Queue queue);
/// Makes `waiter` wait, on the device, for the work queued on `on` so far (an event; the host does not wait).
/// Nothing where the two are the same stream.
void order_after(stream_handle waiter, stream_handle on);
/// A new non-blocking stream on the current device (nullptr where there is no GPU or no CUDA), and its end (after
/// its work).
stream_handle create_stream();
void destroy_stream(stream_handle stream) noexcept;

// ---- Newton's smallest level (base_cases.cu) ----

/// Up to this many limbs, the device runs Newton's reciprocal in one block (base_cases.cu). A level as AsyncInteger
/// operations is about fifteen kernels, some 45 us at 10^3 to 10^4 limbs whatever its size; the block's schoolbook
/// products grow with the square: its top level's two took 25 us at 812 limbs (H200, 2026-12-04), so a level of
/// 2048 would take about 100 us in the block.
inline constexpr std::size_t reciprocal_block_limbs = 1024;
/// The most bits reciprocal_base takes in a place: 32 newton_division_base_limbs on the host, 32
/// reciprocal_block_limbs on the device.
constexpr std::size_t reciprocal_base_bits(Place place) noexcept {
  return 32 * (place == Place::device ? reciprocal_block_limbs : newton_division_base_limbs);
}
/// For d[0, nd) of exactly `bits` bits, bits <= reciprocal_base_bits(place) (more throw std::invalid_argument):
/// x[0, nx) = an X with X <= 2^(2 bits) / d < X + 2, the contract of Newton's levels (newton_division.hpp);
/// floor(2^(2 bits) / d) itself up to 32 newton_division_base_limbs bits, where a zero d gives zero. On the device
/// one warp, or from 32 newton_division_base_limbs bits one block running Newton's levels; queued: nothing is read
/// back.
void reciprocal_base(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits, Place place,
                     Queue queue);
/// y[0, ny) = floor(sqrt(x)) for x[0, nx), nx <= newton_division_base_limbs (limbs past it are not read). Likewise.
void isqrt_base(limb_t* y, std::size_t ny, const limb_t* x, std::size_t nx, Place place, Queue queue);

// ---- products of limb arrays (integer.cpp) ----

/// out[0, total) = every job's product at its `out` (na + nb limbs), zero between them: on the device
/// convolve_batch and one carry pass over the whole output (no carry leaves a product's region, which holds it);
/// on the host each product by multiply_limbs.
void multiply_batch(limb_t* out, std::size_t total, std::span<const ProductJob> jobs, Place place, Queue queue = {});
/// r[0, na + nb) = a * b (na, nb >= 1) by mul_algorithm's choice for (na, nb) in the place; a == b with na == nb is
/// a square. On the device every algorithm it chooses queues (the column convolution or the transform, then
/// normalise). r must not alias a or b.
void multiply_limbs(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place,
                    Queue queue = {});

}  // namespace warpnum::huge
