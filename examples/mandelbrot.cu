// SPDX-License-Identifier: Apache-2.0
// examples/mandelbrot.cu: warpnum-mandelbrot, a deep zoom into the Mandelbrot set in fixed-point BigInt<256>
// arithmetic, written as a PNG. The view is 4e-62 wide (by default) around the Misiurewicz point M_{4,1}, which the
// program computes to full precision itself. One GPU thread a pixel, or every CPU core without a GPU; with a GPU the
// CPU computes (a subset of) the image too, and every pixel it computed must match the GPU's bit for bit. A few
// pixels are recomputed with GMP, apart from warpnum, and must give the same iteration counts.
//
//   warpnum-mandelbrot [--width W] [--height H] [--iters N] [--depth D] [--out file.png] [--cpu] [--cpu-rows R]
//
// What to take from it:
//  - Fixed-point numbers are plain BigInt values: a product is mul_wide or sqr_wide (exact, twice the width), then an
//    arithmetic shift right by the fraction bits and an explicit conversion back to the narrow type.
//  - The iteration is one WARPNUM_HD function: the kernel and the host threads run the same code, so their results
//    are identical, not merely close.
#include "common.hpp"
#include "png.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>

#include <gmp.h>

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <thread>
#include <vector>

namespace {

// ---- the fixed-point format ----

/// A real number x as the integer round-down(x 2^fraction_bits), two's complement.
using Fixed = warpnum::BigInt<256>;
using Wide = warpnum::BigInt<512>;

/// 248 fraction bits leave 7 integer bits (|x| < 128; escape_count's values stay below 36) and put the default
/// pixel spacing, 4e-62 / 640 = 2^-213.3, about 35 bits above the last bit. The rounding errors of the iteration are
/// magnified by the same factors as the distance between neighbouring pixels, so they stay some 30 bits below it.
constexpr int fraction_bits = 248;

/// The least pixel spacing accepted, in units of the last bit: 2^32 keeps at least 32 bits below it.
constexpr int min_spacing_log2 = 32;

/// round-down(a^2): sqr_wide is exact (2 fraction_bits fraction bits); the arithmetic shift rounds toward minus
/// infinity, and the conversion to Fixed keeps the low 256 bits, which hold the whole value (|a| <= 6 here).
WARPNUM_HD inline Fixed square(const Fixed& a) noexcept { return Fixed{warpnum::sqr_wide(a) >> fraction_bits}; }

/// round-down(a b), as square() (host code: the centre's Newton iteration).
Fixed mul(const Fixed& a, const Fixed& b) noexcept { return Fixed{warpnum::mul_wide(a, b) >> fraction_bits}; }

/// The escape count of c = cx + i cy: the least n with |z_n|^2 > 4, where z_0 = 0 and z_(n+1) = z_n^2 + c, or
/// max_iters if there is none below it. Three squares an iteration: x^2, y^2 and (x + y)^2, whose difference
/// (x + y)^2 - x^2 - y^2 is 2xy. The values stay small: z_1 = c, with |Re c|, |Im c| <= 4 (main() keeps the view
/// there), and a step starts from |z_n| <= 2, so |x + y| < 3 and |z_(n+1)| <= 4 + |c| <= 6: every square is below 36.
WARPNUM_HD inline int escape_count(const Fixed& cx, const Fixed& cy, int max_iters) noexcept {
  const Fixed four = Fixed{4} << fraction_bits;
  Fixed x{}, y{};
  for (int n = 0; n < max_iters; ++n) {
    const Fixed x2 = square(x);
    const Fixed y2 = square(y);
    if (x2 + y2 > four) return n;
    const Fixed s = square(x + y);
    y = s - x2 - y2 + cy;
    x = x2 - y2 + cx;
  }
  return max_iters;
}

/// The image's pixels in the complex plane: pixel (column, row) is the centre of a square 2 half_step wide, row 0
/// at the top, and the view's centre lies between the middle pixels. Trivially copyable: a kernel takes it by value.
struct View {
  Fixed centre_x, centre_y;
  Fixed half_step;  // half the pixel spacing
  int width, height;
  WARPNUM_HD Fixed x(int column) const noexcept { return centre_x + Fixed{2 * column + 1 - width} * half_step; }
  WARPNUM_HD Fixed y(int row) const noexcept { return centre_y - Fixed{2 * row + 1 - height} * half_step; }
};

/// round-down(2^(fraction_bits + 1) / (10^depth width)): half the spacing of `width` pixels across 4 10^-depth.
Fixed half_step_for(int depth, int width) {
  Wide d{width};
  for (int k = 0; k < depth; ++k) d = d * Wide{10};
  return Fixed{(Wide{1} << (fraction_bits + 1)) / d};
}

// ---- the centre: the Misiurewicz point M_{4,1} ----
//
// A Misiurewicz point is a c whose critical orbit 0, c, c^2 + c, ... is eventually periodic without being periodic.
// Around it the set is asymptotically self-similar (Tan Lei, "Similarity between the Mandelbrot set and Julia
// sets", Comm. Math. Phys. 134, 1990): scaled by the multiplier of the cycle its orbit falls on, it looks the same at
// every depth, so a view 4e-62 wide still shows filaments rather than one colour. M_{4,1} = -0.10109636... +
// 0.95628651...i is the point where the three main spokes of the 1/3 bulb's antenna meet (external angles 9/56,
// 11/56, 15/56): z_5 = z_4 (preperiod 4, a fixed point), multiplier 2 z_4 = 1.33 at 119.6 degrees, so one step
// scales by 1.33 and turns the spokes onto one another. A pixel at distance d from it escapes after about
// log(1/d) / log(1.33) steps (500 at d = 1e-62), more near the filaments: 499 to about 600 in the default view,
// well inside the default 2000 iterations. It is not a dyadic number, so the program computes it to full precision:
// Newton's iteration on g(c) = z_4(c) + z_3(c) from the double-precision value (z_5 = z_4 means z_4^2 = z_3^2, and
// z_4 = z_3 would make the preperiod 3 or less, so z_4 = -z_3). The result is checked exactly with GMP below.

struct Complex {
  Fixed re, im;
};

Complex operator+(const Complex& a, const Complex& b) { return {a.re + b.re, a.im + b.im}; }
Complex operator-(const Complex& a, const Complex& b) { return {a.re - b.re, a.im - b.im}; }
Complex operator*(const Complex& a, const Complex& b) {
  return {mul(a.re, b.re) - mul(a.im, b.im), mul(a.re, b.im) + mul(a.im, b.re)};
}
Complex operator/(const Complex& a, const Complex& b) {
  // (a conj(b)) / |b|^2: the numerators shifted up by fraction_bits in Wide, so the quotients keep fraction_bits.
  const Wide den{mul(b.re, b.re) + mul(b.im, b.im)};
  const Wide re{mul(a.re, b.re) + mul(a.im, b.im)};
  const Wide im{mul(a.im, b.re) - mul(a.re, b.im)};
  return {Fixed{(re << fraction_bits) / den}, Fixed{(im << fraction_bits) / den}};
}

Fixed from_double(double v) { return Fixed{static_cast<std::int64_t>(std::ldexp(v, 52))} << (fraction_bits - 52); }

/// M_{4,1} to within a few units of the last bit (checked exactly by misiurewicz_residual_log2).
Complex misiurewicz_4_1() {
  const Complex one{Fixed{1} << fraction_bits, Fixed{}};
  const Fixed tolerance = Fixed{1} << 8;  // units of the last bit
  Complex c{from_double(-0.10109636384562216), from_double(0.9562865108091415)};
  for (int step = 0; step < 32; ++step) {
    // g = z_4 + z_3 and g' = dz_4/dc + dz_3/dc, from z_(n+1) = z_n^2 + c and dz_(n+1) = 2 z_n dz_n + 1.
    Complex z{}, dz{}, g{}, dg{};
    for (int n = 1; n <= 4; ++n) {
      dz = Complex{z.re << 1, z.im << 1} * dz + one;
      z = z * z + c;
      if (n >= 3) {
        g = g + z;
        dg = dg + dz;
      }
    }
    const Complex delta = g / dg;
    c = c - delta;
    if (warpnum::abs(delta.re) <= tolerance && warpnum::abs(delta.im) <= tolerance) break;  // quadratic: done
  }
  return c;
}

// ---- GMP: the reference, apart from warpnum ----

/// An mpz_t that clears itself.
struct Mpz {
  mpz_t z;
  Mpz() { mpz_init(z); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  ~Mpz() { mpz_clear(z); }
};

/// z = x (two's complement, limbs least significant first).
void to_mpz(mpz_t z, const Fixed& x) {
  const Fixed mag = x.is_negative() ? -x : x;
  mpz_import(z, Fixed::num_limbs, -1, sizeof(std::uint32_t), 0, 0, mag.data());
  if (x.is_negative()) mpz_neg(z, z);
}

/// log2 max(|Re g(c)|, |Im g(c)|), g(c) = z_4(c) + z_3(c), computed exactly: c is a dyadic rational, so z_n is
/// an integer over 2^(2^(n-1) fraction_bits). A residual near 2^-fraction_bits |g'| (|g'| = 7.9 at M_{4,1}) puts c
/// within a few units of the last bit of the root.
double misiurewicz_residual_log2(const Complex& c) {
  Mpz cr, ci, zr, zi, z3r, z3i, t, u;
  to_mpz(cr.z, c.re);
  to_mpz(ci.z, c.im);
  mpz_set(zr.z, cr.z);  // z_1 = c, over 2^scale
  mpz_set(zi.z, ci.z);
  unsigned long scale = fraction_bits;
  for (int n = 1; n < 4; ++n) {
    if (n == 3) {
      mpz_set(z3r.z, zr.z);
      mpz_set(z3i.z, zi.z);
    }
    // z_(n+1) = z_n^2 + c over 2^(2 scale).
    mpz_mul(t.z, zr.z, zr.z);
    mpz_submul(t.z, zi.z, zi.z);
    mpz_mul(u.z, zr.z, zi.z);
    mpz_mul_2exp(u.z, u.z, 1);
    scale *= 2;
    mpz_mul_2exp(zr.z, cr.z, scale - fraction_bits);
    mpz_add(zr.z, zr.z, t.z);
    mpz_mul_2exp(zi.z, ci.z, scale - fraction_bits);
    mpz_add(zi.z, zi.z, u.z);
  }
  // g = z_4 + z_3, over 2^scale (z_3 was over 2^(scale / 2)).
  mpz_mul_2exp(t.z, z3r.z, scale / 2);
  mpz_add(zr.z, zr.z, t.z);
  mpz_mul_2exp(t.z, z3i.z, scale / 2);
  mpz_add(zi.z, zi.z, t.z);
  mpz_abs(zr.z, zr.z);
  mpz_abs(zi.z, zi.z);
  const mpz_t& big = mpz_cmp(zr.z, zi.z) >= 0 ? zr.z : zi.z;
  if (mpz_sgn(big) == 0) return -INFINITY;
  long exp = 0;
  const double mantissa = mpz_get_d_2exp(&exp, big);
  return std::log2(mantissa) + static_cast<double>(exp) - static_cast<double>(scale);
}

/// The coordinates of pixel (column, row), from the same definition as View but in GMP's arithmetic.
void pixel_gmp(mpz_t cx, mpz_t cy, const Complex& centre, int depth, int width, int height, int column, int row) {
  Mpz h, d;
  mpz_ui_pow_ui(d.z, 10, static_cast<unsigned long>(depth));
  mpz_mul_ui(d.z, d.z, static_cast<unsigned long>(width));
  mpz_set_ui(h.z, 1);
  mpz_mul_2exp(h.z, h.z, fraction_bits + 1);
  mpz_fdiv_q(h.z, h.z, d.z);
  to_mpz(cx, centre.re);
  mpz_set_si(d.z, 2L * column + 1 - width);
  mpz_addmul(cx, h.z, d.z);
  to_mpz(cy, centre.im);
  mpz_set_si(d.z, 2L * row + 1 - height);
  mpz_submul(cy, h.z, d.z);
}

/// escape_count in GMP: the same fixed-point steps (products rounded toward minus infinity), other arithmetic.
int escape_count_gmp(const mpz_t cx, const mpz_t cy, int max_iters) {
  Mpz x, y, x2, y2, s, four;
  mpz_set_ui(four.z, 4);
  mpz_mul_2exp(four.z, four.z, fraction_bits);
  for (int n = 0; n < max_iters; ++n) {
    mpz_mul(x2.z, x.z, x.z);
    mpz_fdiv_q_2exp(x2.z, x2.z, fraction_bits);
    mpz_mul(y2.z, y.z, y.z);
    mpz_fdiv_q_2exp(y2.z, y2.z, fraction_bits);
    mpz_add(s.z, x2.z, y2.z);
    if (mpz_cmp(s.z, four.z) > 0) return n;
    mpz_add(s.z, x.z, y.z);
    mpz_mul(s.z, s.z, s.z);
    mpz_fdiv_q_2exp(s.z, s.z, fraction_bits);
    mpz_sub(s.z, s.z, x2.z);
    mpz_sub(s.z, s.z, y2.z);
    mpz_add(y.z, s.z, cy);
    mpz_sub(x.z, x2.z, y2.z);
    mpz_add(x.z, x.z, cx);
  }
  return max_iters;
}

// ---- GPU: one thread a pixel ----

#if defined(__CUDACC__)
void check(cudaError_t e, const char* call) { examples::cuda_check("warpnum-mandelbrot", e, call); }

__global__ void escape_kernel(int* counts, View view, int max_iters) {
  const int column = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int row = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  if (column < view.width && row < view.height)
    counts[static_cast<std::size_t>(row) * view.width + column] = escape_count(view.x(column), view.y(row), max_iters);
}

/// Every pixel's escape count on the GPU; ms: the kernel's time (CUDA events), after a warm-up launch.
std::vector<int> run_gpu(const View& view, int max_iters, double& ms) {
  const std::size_t n = static_cast<std::size_t>(view.width) * view.height;
  std::vector<int> counts(n);
  int* d_counts = nullptr;
  check(cudaMalloc(&d_counts, n * sizeof(int)), "cudaMalloc");
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  const dim3 block(32, 4);  // a warp is 32 neighbouring pixels of a row
  const dim3 grid((view.width + block.x - 1) / block.x, (view.height + block.y - 1) / block.y);
  escape_kernel<<<grid, block>>>(d_counts, view, 1);  // warm-up: loads the module, one iteration a pixel
  check(cudaGetLastError(), "escape_kernel launch (warm-up)");
  check(cudaDeviceSynchronize(), "warm-up");
  check(cudaEventRecord(start), "cudaEventRecord");
  escape_kernel<<<grid, block>>>(d_counts, view, max_iters);
  check(cudaGetLastError(), "escape_kernel launch");
  check(cudaEventRecord(stop), "cudaEventRecord");
  check(cudaEventSynchronize(stop), "cudaEventSynchronize");
  float k = 0;
  check(cudaEventElapsedTime(&k, start, stop), "cudaEventElapsedTime");
  ms = k;
  check(cudaMemcpy(counts.data(), d_counts, n * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy");
  check(cudaFree(d_counts), "cudaFree");
  check(cudaEventDestroy(start), "cudaEventDestroy");
  check(cudaEventDestroy(stop), "cudaEventDestroy");
  return counts;
}
#endif

// ---- the picture ----

/// RGB bytes: a pixel that escaped is coloured by the rank of its count among all escaped pixels' counts
/// (histogram equalisation: the few hundred counts that most pixels share spread over the whole palette), through a
/// gradient from dark blue over white to orange and dark red; a pixel that never escaped is black.
std::vector<std::uint8_t> colour(const std::vector<int>& counts, int max_iters) {
  std::vector<std::size_t> histogram(static_cast<std::size_t>(max_iters) + 1, 0);
  for (const int c : counts) ++histogram[static_cast<std::size_t>(c)];
  const std::size_t escaped = counts.size() - histogram[static_cast<std::size_t>(max_iters)];
  std::vector<double> rank(histogram.size(), 0.0);  // the middle of count n's share of the escaped pixels
  std::size_t below = 0;
  for (std::size_t n = 0; n + 1 < histogram.size(); ++n) {
    rank[n] = escaped == 0 ? 0.0 : (static_cast<double>(below) + 0.5 * static_cast<double>(histogram[n])) / static_cast<double>(escaped);
    below += histogram[n];
  }
  constexpr int stops = 5;
  constexpr double gradient[stops][3] = {{10, 12, 60}, {30, 100, 200}, {245, 245, 225}, {250, 160, 25}, {110, 15, 10}};
  std::vector<std::uint8_t> rgb(3 * counts.size(), 0);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] == max_iters) continue;
    const double t = rank[static_cast<std::size_t>(counts[i])] * (stops - 1);
    const int k = std::min(static_cast<int>(t), stops - 2);
    const double f = t - k;
    for (int ch = 0; ch < 3; ++ch)
      rgb[3 * i + ch] = static_cast<std::uint8_t>(std::lround(gradient[k][ch] + f * (gradient[k + 1][ch] - gradient[k][ch])));
  }
  return rgb;
}

/// x in decimal with `digits` digits after the point, rounded toward zero.
std::string decimal(const Fixed& x, int digits) {
  Wide scaled{x.is_negative() ? -x : x};
  for (int k = 0; k < digits; ++k) scaled = scaled * Wide{10};
  std::string s = warpnum::to_string(scaled >> fraction_bits);
  if (s.size() <= static_cast<std::size_t>(digits)) s.insert(0, static_cast<std::size_t>(digits) + 1 - s.size(), '0');
  s.insert(s.size() - static_cast<std::size_t>(digits), ".");
  return (x.is_negative() ? "-" : "") + s;
}

const char* const usage_text =
    "usage: warpnum-mandelbrot [--width W] [--height H] [--iters N] [--depth D] [--out file.png] [--cpu] [--cpu-rows R]\n"
    "  --width, --height  image size in pixels (default 640 x 400)\n"
    "  --iters N          iterations before a pixel counts as inside the set (default 2000)\n"
    "  --depth D          the view is 4e-D wide (default 62); the deepest allowed depends on the width\n"
    "  --out file.png     where the picture goes (default mandelbrot.png)\n"
    "  --cpu              compute on the CPU even where there is a GPU\n"
    "  --cpu-rows R       with a GPU, the CPU computes only R evenly spaced rows for the comparison (default: all)\n";

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr, "warpnum-mandelbrot: %s\n%s", why.c_str(), usage_text);
  std::exit(2);
}

/// The integer after option argv[i], which must lie in [lo, hi].
long parse_int(int argc, char** argv, int& i, long lo, long hi) {
  const std::string option = argv[i];
  if (i + 1 >= argc) usage(option + " needs a value");
  char* end = nullptr;
  const long v = std::strtol(argv[++i], &end, 10);
  if (end == argv[i] || *end != '\0') usage(option + ": not a number: " + argv[i]);
  if (v < lo || v > hi) usage(option + " must be from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " + argv[i]);
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  int width = 640, height = 400, max_iters = 2000, depth = 62, cpu_rows = 0;
  std::string out = "mandelbrot.png";
  [[maybe_unused]] bool force_cpu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cpu") {
      force_cpu = true;
    } else if (arg == "--width") {
      width = static_cast<int>(parse_int(argc, argv, i, 1, 16384));
    } else if (arg == "--height") {
      height = static_cast<int>(parse_int(argc, argv, i, 1, 16384));
    } else if (arg == "--iters") {
      max_iters = static_cast<int>(parse_int(argc, argv, i, 1, 1000000));
    } else if (arg == "--depth") {
      depth = static_cast<int>(parse_int(argc, argv, i, 0, 75));
    } else if (arg == "--cpu-rows") {
      cpu_rows = static_cast<int>(parse_int(argc, argv, i, 1, 16384));
    } else if (arg == "--out") {
      if (i + 1 >= argc) usage("--out needs a file name");
      out = argv[++i];
    } else if (arg == "--help" || arg == "-h") {
      std::printf("%s", usage_text);
      return 0;
    } else {
      usage("unknown argument: " + arg);
    }
  }
  if (cpu_rows > height) usage("--cpu-rows must not exceed --height (" + std::to_string(height) + ")");

  // The view, and whether the format resolves it: the pixel spacing must keep min_spacing_log2 bits below it.
  const Fixed min_half_step = Fixed{1} << (min_spacing_log2 - 1);
  if (half_step_for(depth, width) < min_half_step) {
    int deepest = depth;
    while (deepest > 0 && half_step_for(deepest, width) < min_half_step) --deepest;
    usage("--depth " + std::to_string(depth) + " is too deep for " + std::to_string(width) + " pixels across: " +
          std::to_string(fraction_bits) + " fraction bits keep " + std::to_string(min_spacing_log2) +
          " bits below the pixel spacing only up to --depth " + std::to_string(deepest) + " (or use fewer pixels)");
  }
  const Complex centre = misiurewicz_4_1();
  const double residual = misiurewicz_residual_log2(centre);
  const View view{centre.re, centre.im, half_step_for(depth, width), width, height};
  const Fixed four = Fixed{4} << fraction_bits;
  for (const Fixed& edge : {view.x(0), view.x(width - 1), view.y(0), view.y(height - 1)}) {
    if (warpnum::abs(edge) > four)
      usage("the view reaches beyond |Re c|, |Im c| <= 4, where the fixed-point values would overflow: use a larger "
            "--depth or a less elongated image");
  }
  const double spacing_ulps = 2.0 * static_cast<double>(view.half_step);
  const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);

  std::printf("centre: M_{4,1} = %s + %si (Newton's iteration in fixed point; |z_4 + z_3| = 2^%.1f, exact, GMP)\n",
              decimal(centre.re, 30).c_str(), decimal(centre.im, 30).c_str(), residual);
  std::printf("view: %.3g wide (depth %d), %d x %d pixels, pixel spacing %.3g = 2^%.1f\n",
              std::ldexp(spacing_ulps * width, -fraction_bits), depth, width, height, std::ldexp(spacing_ulps, -fraction_bits),
              std::log2(spacing_ulps) - fraction_bits);
  std::printf("fixed point: BigInt<%zu> with %d fraction bits, %.1f bits below the pixel spacing; up to %d iterations\n",
              Fixed::bits, fraction_bits, std::log2(spacing_ulps), max_iters);
  if (!(residual < -(fraction_bits - 12))) {
    std::fprintf(stderr, "warpnum-mandelbrot: Newton's iteration did not reach M_{4,1} (residual 2^%.1f)\n", residual);
    return 1;
  }

  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string device;
  bool on_gpu = false;
  std::vector<int> counts;
  double gpu_ms = 0;
#if defined(__CUDACC__)
  if (!force_cpu) device = examples::gpu_name("warpnum-mandelbrot");
  if (!device.empty()) {
    std::printf("computing on %s...\n", device.c_str());
    counts = run_gpu(view, max_iters, gpu_ms);
    on_gpu = true;
  }
#endif
  if (!on_gpu) std::printf("computing on the CPU only (%u threads)...\n", threads);

  // The CPU: every row, or with a GPU R evenly spaced rows.
  std::vector<int> rows;
  const int row_count = on_gpu && cpu_rows > 0 ? cpu_rows : height;
  for (int k = 0; k < row_count; ++k) rows.push_back(static_cast<int>(static_cast<long>(k) * height / row_count));
  const std::size_t cpu_pixels = rows.size() * static_cast<std::size_t>(width);
  std::vector<int> cpu(cpu_pixels);
  const double cpu_ms = examples::for_each_on_cores(
      cpu_pixels, threads,
      [&](std::size_t k) {
        const int row = rows[k / static_cast<std::size_t>(width)];
        const int column = static_cast<int>(k % static_cast<std::size_t>(width));
        cpu[k] = escape_count(view.x(column), view.y(row), max_iters);
      },
      "pixels on the CPU");
  std::size_t mismatches = 0;
  if (on_gpu) {
    for (std::size_t k = 0; k < cpu_pixels; ++k) {
      const std::size_t at = static_cast<std::size_t>(rows[k / static_cast<std::size_t>(width)]) * static_cast<std::size_t>(width) +
                             k % static_cast<std::size_t>(width);
      if (cpu[k] != counts[at]) ++mismatches;
    }
  } else {
    counts = cpu;
  }

  // GMP at a few pixels: the corners, the middle, the least and greatest counts, and a spread of others.
  std::vector<std::size_t> probes{0, static_cast<std::size_t>(width) - 1, pixels - static_cast<std::size_t>(width), pixels - 1,
                                  static_cast<std::size_t>(height / 2) * static_cast<std::size_t>(width) + static_cast<std::size_t>(width / 2)};
  probes.push_back(static_cast<std::size_t>(std::min_element(counts.begin(), counts.end()) - counts.begin()));
  probes.push_back(static_cast<std::size_t>(std::max_element(counts.begin(), counts.end()) - counts.begin()));
  for (std::size_t k = 1; probes.size() < 64 && k <= pixels; ++k) probes.push_back(k * 2654435761u % pixels);
  std::sort(probes.begin(), probes.end());
  probes.erase(std::unique(probes.begin(), probes.end()), probes.end());
  std::size_t gmp_wrong = 0;
  {
    Mpz cx, cy;
    for (const std::size_t p : probes) {
      const int row = static_cast<int>(p / static_cast<std::size_t>(width));
      const int column = static_cast<int>(p % static_cast<std::size_t>(width));
      pixel_gmp(cx.z, cy.z, centre, depth, width, height, column, row);
      if (escape_count_gmp(cx.z, cy.z, max_iters) != counts[p]) ++gmp_wrong;
    }
  }

  // The picture, and what it holds.
  const std::vector<std::uint8_t> rgb = colour(counts, max_iters);
  const bool written = examples::write_png_rgb(out, static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height), rgb);
  std::vector<int> sorted = counts;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t distinct = static_cast<std::size_t>(std::unique(sorted.begin(), sorted.end()) - sorted.begin());
  const std::size_t inside = static_cast<std::size_t>(std::count(counts.begin(), counts.end(), max_iters));
  std::printf("iteration counts: %d to %d, %zu distinct; %zu pixels never escaped\n", sorted.front(), sorted[distinct - 1],
              distinct, inside);

  const std::string cpu_name = "CPU, " + std::to_string(threads) + " threads";
  const double gpu_rate = static_cast<double>(pixels) / (gpu_ms / 1e3);
  const double cpu_rate = static_cast<double>(cpu_pixels) / (cpu_ms / 1e3);
  std::printf("\n%-34s %12s %12s %14s\n", "device", "pixels", "ms", "pixels/s");
  if (on_gpu) std::printf("%-34s %12zu %12.3f %14.4g   (the kernel)\n", device.c_str(), pixels, gpu_ms, gpu_rate);
  std::printf("%-34s %12zu %12.3f %14.4g   (%zu of %d rows)\n", cpu_name.c_str(), cpu_pixels, cpu_ms, cpu_rate, rows.size(),
              height);
  if (on_gpu) {
    std::printf("speed-up: %.1fx (pixels/s)\n", gpu_rate / cpu_rate);
    std::printf("GPU against CPU: %zu of %zu pixels differ\n", mismatches, cpu_pixels);
  }
  std::printf("GMP reference: %zu of %zu pixels differ\n", gmp_wrong, probes.size());
  if (written) {
    std::printf("picture: %s\n", out.c_str());
  } else {
    std::fprintf(stderr, "warpnum-mandelbrot: cannot write %s: %s\n", out.c_str(), std::strerror(errno));
  }
  const bool ok = mismatches == 0 && gmp_wrong == 0 && written;
  std::printf("\n%s\n", ok ? "all checked pixels agree" : "FAILED");
  return ok ? 0 : 1;
}
