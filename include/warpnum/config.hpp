// SPDX-License-Identifier: Apache-2.0
// warpnum/config.hpp: the macros every layer uses to write one body for host, device and constant evaluation,
// the C++20 check every public header starts with, and the namespace that keeps compiler-dependent code apart.
#pragma once

// Every public header includes this file first, so a pre-C++20 compile stops here with one message instead of a
// hundred about concepts and constexpr. A missing header is a fatal error in GCC, Clang and nvcc's preprocessing
// (an #error is not: compilation would go on), so the include below ends the compile after the #error.
#if __cplusplus < 202002L
#  error "warpnum needs C++20: compile with -std=c++20 (g++, clang++, nvcc). In CMake, link warpnum::warpnum, which asks for it."
#  include <warpnum_needs_cxx20>
#endif

#include <cstddef>
#include <cstdint>

// Device code needs compute capability 8.0 or newer (warpnum/gpu_architecture.hpp lists what it is built and
// checked for: shared memory of up to 96 KiB a block, asynchronous copies).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#  error "warpnum's device code needs compute capability 8.0 (sm_80) or newer: build for 80 or above (CMAKE_CUDA_ARCHITECTURES, nvcc -arch)."
#endif

#if defined(__CUDACC__) || defined(__CUDA__)
#  include <nv/target>
/// Marks a function callable from host and device code (empty under a plain C++ compiler).
#  define WARPNUM_HD __host__ __device__
/// Marks a function callable from device code only.
#  define WARPNUM_DEVICE __device__
/// `WARPNUM_IF_ELSE_DEVICE((device statements), (host statements))`: picks a body per compilation target.
#  define WARPNUM_IF_ELSE_DEVICE(dev, host) NV_IF_ELSE_TARGET(NV_IS_DEVICE, dev, host)
/// `WARPNUM_IF_HOST((host statements))`: host-only statements, e.g. a `throw`, inside a host/device body.
#  define WARPNUM_IF_HOST(host) NV_IF_TARGET(NV_IS_HOST, host)
#  define WARPNUM_HAS_CUDA 1
#elif defined(WARPNUM_EMULATE_DEVICE)
#  define WARPNUM_HD
#  define WARPNUM_DEVICE
// The device branch under a host compiler (WARPNUM_EMULATE_DEVICE below); host-only statements stay.
#  define WARPNUM_IF_ELSE_DEVICE(dev, host) \
    { WARPNUM_DETAIL_EXPAND dev }
#  define WARPNUM_IF_HOST(host) \
    { WARPNUM_DETAIL_EXPAND host }
#  define WARPNUM_HAS_CUDA 0
#else
#  define WARPNUM_HD
#  define WARPNUM_DEVICE
#  define WARPNUM_IF_ELSE_DEVICE(dev, host) \
    { WARPNUM_DETAIL_EXPAND host }
#  define WARPNUM_IF_HOST(host) \
    { WARPNUM_DETAIL_EXPAND host }
#  define WARPNUM_HAS_CUDA 0
#endif
#define WARPNUM_DETAIL_EXPAND(...) __VA_ARGS__

/// WARPNUM_EMULATE_DEVICE, defined on the command line of a host compiler (g++, clang++; not nvcc), makes it
/// compile the device branch of the per-thread algorithms, so that their device code runs, and is checked, on
/// a machine without a GPU (warpnum's tests/emulation/): WARPNUM_IF_ELSE_DEVICE picks its device statements, the
/// algorithm selections under WARPNUM_DEVICE_BRANCH compile, the device's PTX carry chains run as C++ that
/// executes their instructions one by one (detail/ptx/emulation.hpp), and CUDA's intrinsics are host functions
/// of the same names. Host-only statements (WARPNUM_IF_HOST: exceptions, text) stay, as do the loop pragmas;
/// the lane-group code (warp/), the batch layer, its function objects (functional.hpp) and warpnum::huge are
/// not emulated and are not for such a program. Inline functions change their bodies under it, so every
/// translation unit of a program must be compiled with it, or none; for testing warpnum only.
///
/// WARPNUM_DEVICE_BRANCH: 1 where the per-thread device code is compiled (a CUDA compiler, or a host compiler
/// emulating it), 0 otherwise. The per-thread algorithms define their device-only code and pick it under
/// `#if WARPNUM_DEVICE_BRANCH` and WARPNUM_IF_ELSE_DEVICE. WARPNUM_DEVICE_INLINE and WARPNUM_DEVICE_NOINLINE
/// declare that code's functions: `__device__ __forceinline__` and `__device__ __noinline__` under CUDA.
#if defined(WARPNUM_EMULATE_DEVICE)
#  if WARPNUM_HAS_CUDA || !(defined(__GNUC__) || defined(__clang__))
#    error "warpnum: WARPNUM_EMULATE_DEVICE is for a host compiler (g++ or clang++), not a CUDA compiler."
#  endif
#  define WARPNUM_DEVICE_BRANCH 1
#  define WARPNUM_DEVICE_INLINE inline
#  define WARPNUM_DEVICE_NOINLINE __attribute__((noinline))
#elif WARPNUM_HAS_CUDA
#  define WARPNUM_DEVICE_BRANCH 1
#  define WARPNUM_DEVICE_INLINE __device__ __forceinline__
#  define WARPNUM_DEVICE_NOINLINE __device__ __noinline__
#else
#  define WARPNUM_DEVICE_BRANCH 0
#endif

/// `namespace warpnum::WARPNUM_ABI { ... }` (C++20's nested inline namespace) holds the layers whose host code
/// depends on the compiler: the batch layer (kernels or a host loop; device or host memory) and the algorithms
/// (batch kernels or Thrust). A program links objects compiled by g++ and by nvcc, and an inline or template
/// function is one weak symbol that the linker takes from whichever object comes first; so each compiler's copy of
/// these layers lives in an inline namespace of its own, as CUB's and Thrust's do: `abi_host` for a C++ compiler,
/// `abi_cuda_<architectures>` for a CUDA compiler (from `__CUDA_ARCH_LIST__`: a kernel's host stub must not be
/// shared with objects built for other architectures either). Code names these entities as before
/// (`warpnum::Batch`, `warpnum::transform`); a Batch made in a g++ file is another type than one made in an nvcc
/// file, so passing one from one kind of file to the other is a link error, never the wrong code. Everything else
/// (the value types, their contexts and function objects, Integer) has one host body under every compiler and
/// stays outside, so it passes freely between the two kinds of file.
#define WARPNUM_ABI inline WARPNUM_ABI_NAME
#if !WARPNUM_HAS_CUDA
#  define WARPNUM_ABI_NAME abi_host
#elif defined(__CUDA_ARCH_LIST__)
#  define WARPNUM_ABI_NAME WARPNUM_DETAIL_JOIN(abi_cuda, __CUDA_ARCH_LIST__)
#else
#  define WARPNUM_ABI_NAME abi_cuda
#endif
// WARPNUM_DETAIL_JOIN(a, b, c, ...) is the identifier a_b_c...: up to 16 parts.
#define WARPNUM_DETAIL_CAT(a, b) WARPNUM_DETAIL_CAT_I(a, b)
#define WARPNUM_DETAIL_CAT_I(a, b) a##b
#define WARPNUM_DETAIL_JOIN(...) \
  WARPNUM_DETAIL_CAT(WARPNUM_DETAIL_JOIN_, WARPNUM_DETAIL_COUNT(__VA_ARGS__))(__VA_ARGS__)
#define WARPNUM_DETAIL_COUNT(...) \
  WARPNUM_DETAIL_COUNT_I(__VA_ARGS__, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define WARPNUM_DETAIL_COUNT_I(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, n, ...) n
#define WARPNUM_DETAIL_JOIN_1(a) a
#define WARPNUM_DETAIL_JOIN_2(a, b) WARPNUM_DETAIL_CAT(a, WARPNUM_DETAIL_CAT(_, b))
#define WARPNUM_DETAIL_JOIN_3(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_2(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_4(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_3(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_5(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_4(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_6(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_5(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_7(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_6(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_8(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_7(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_9(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_8(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_10(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_9(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_11(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_10(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_12(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_11(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_13(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_12(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_14(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_13(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_15(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_14(__VA_ARGS__))
#define WARPNUM_DETAIL_JOIN_16(a, ...) WARPNUM_DETAIL_JOIN_2(a, WARPNUM_DETAIL_JOIN_15(__VA_ARGS__))

/// Inlines a small host/device helper that a loop body calls, where the body must expand in place: nvcc's NVVM has left
/// such calls out of line, with the caller's register arrays in local memory
/// (docs/compiler-workarounds.md, "Row expansion forced inline").
#if defined(__CUDACC__)
#  define WARPNUM_FORCEINLINE __forceinline__
#elif defined(__GNUC__)
#  define WARPNUM_FORCEINLINE inline __attribute__((always_inline))
#else
#  define WARPNUM_FORCEINLINE inline
#endif

/// Before a host-device function template that calls a user's callable (a random generator): nvcc then does not
/// warn (#20011-D) when host code instantiates it with a host-only callable, as CCCL's _CCCL_EXEC_CHECK_DISABLE.
/// Empty elsewhere; it changes no code.
#if defined(__CUDACC__) && !defined(__clang__)
#  define WARPNUM_DETAIL_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#  define WARPNUM_DETAIL_EXEC_CHECK_DISABLE
#endif

/// True during constant evaluation. A builtin, because nvcc 13.0 has no device `if consteval`.
#define WARPNUM_IS_CONSTANT_EVALUATED() __builtin_is_constant_evaluated()

/// A pragma for the host compiler, the same under g++, clang++ and nvcc's host pass, so that a function's host code
/// is one body whichever compiler built the object (a program links both kinds; docs/architecture.md). nvcc hands
/// GCC's loop pragmas to its host compiler but warns that it does not know them (#1675-D): the warning is silenced
/// around the pragma alone. Nothing in nvcc's device pass.
#if defined(__CUDA_ARCH__)
#  define WARPNUM_DETAIL_HOST_PRAGMA(text)
#elif defined(__NVCC__)
#  define WARPNUM_DETAIL_HOST_PRAGMA(text) \
    _Pragma("nv_diagnostic push") _Pragma("nv_diag_suppress 1675") _Pragma(text) _Pragma("nv_diagnostic pop")
#else
#  define WARPNUM_DETAIL_HOST_PRAGMA(text) _Pragma(text)
#endif

/// Full unrolling of a loop of constant length, host and device; a no-op where the compiler has
/// no such pragma. Not for loops over limb counts that can reach thousands (see WARPNUM_NO_UNROLL).
#if defined(__CUDA_ARCH__)
#  define WARPNUM_UNROLL _Pragma("unroll")
#elif defined(__clang__)
#  define WARPNUM_UNROLL WARPNUM_DETAIL_HOST_PRAGMA("unroll")
#elif defined(__GNUC__)
#  define WARPNUM_UNROLL WARPNUM_DETAIL_HOST_PRAGMA("GCC unroll 16")
#else
#  define WARPNUM_UNROLL
#endif

/// Keeps a loop rolled on the device. The per-thread algorithms run over run-time lengths that become
/// constants after inlining; nvcc then unrolls them completely, and at 8192 bits one division becomes about
/// 46,000 PTX lines per call site and half a minute of compilation (6 s rolled). Used on the division,
/// shift and gcd loops and Comba's inner loop; the unrolled small-size fast paths are the GPU engine's
/// (warp/, detail/ptx/).
#if defined(__CUDA_ARCH__)
#  define WARPNUM_NO_UNROLL _Pragma("unroll 1")
#else
#  define WARPNUM_NO_UNROLL
#endif

/// Unrolls a loop of run-time length by 4 on the device (rolled on the host): for passes over words in local
/// memory, where 4 trips in flight hide the loads (gcd and modinv at 2048 and 4096 bits: 1.25 to 1.5x on an
/// H100, 2026-11-23).
#if defined(__CUDA_ARCH__)
#  define WARPNUM_DEVICE_UNROLL_4 _Pragma("unroll 4")
#else
#  define WARPNUM_DEVICE_UNROLL_4
#endif

/// Unrolls a host loop whose length is a constant after inlining, or has a small constant bound (the scans and
/// fills of division), so that -O2 builds get the unrolling and peeling that -O3 does by itself (-O3 made the
/// first BigUInt<1024> multiply twice as fast as -O2, 118 ns against 237 ns; 256 / 128-bit division 1.4x).
#if defined(__CUDA_ARCH__)
#  define WARPNUM_HOST_UNROLL
#elif defined(__clang__)
#  define WARPNUM_HOST_UNROLL WARPNUM_DETAIL_HOST_PRAGMA("unroll 8")
#elif defined(__GNUC__)
#  define WARPNUM_HOST_UNROLL WARPNUM_DETAIL_HOST_PRAGMA("GCC unroll 8")
#else
#  define WARPNUM_HOST_UNROLL
#endif

/// Unrolls a host loop of constant length completely (up to 32 trips; nested, the loop nests of a 32-word column
/// product): for the fixed-size multiply, where it saves a quarter of the time at 16 and 32 words.
#if defined(__CUDA_ARCH__)
#  define WARPNUM_HOST_UNROLL_ALL
#elif defined(__clang__)
#  define WARPNUM_HOST_UNROLL_ALL WARPNUM_DETAIL_HOST_PRAGMA("unroll 32")
#elif defined(__GNUC__)
#  define WARPNUM_HOST_UNROLL_ALL WARPNUM_DETAIL_HOST_PRAGMA("GCC unroll 32")
#else
#  define WARPNUM_HOST_UNROLL_ALL
#endif

/// WARPNUM_HOST_UNROLL_ALL on the host, and complete unrolling on the device too: for the loop nests of the
/// column Montgomery square, which the device runs at up to 32 limbs with every word in a register.
#if defined(__CUDA_ARCH__)
#  define WARPNUM_UNROLL_ALL _Pragma("unroll")
#else
#  define WARPNUM_UNROLL_ALL WARPNUM_HOST_UNROLL_ALL
#endif

/// An empty statement that GCC and Clang must keep, for the body of a host loop of stores: it stops them from
/// turning the loop into a memset or memcpy, which GCC 12 -O2 inlines as `rep stos`/`rep movs` even for 120
/// bytes (about 35 cycles to start: a third of a 1024-bit same-length division; 2026-11-22). Nothing on the
/// device or during constant evaluation.
#if defined(__CUDA_ARCH__) || !(defined(__GNUC__) || defined(__clang__))
#  define WARPNUM_HOST_KEEP_LOOP() static_cast<void>(0)
#else
#  define WARPNUM_HOST_KEEP_LOOP()                    \
    do {                                              \
      if (!WARPNUM_IS_CONSTANT_EVALUATED()) __asm__(""); \
    } while (0)
#endif

/// The host fast path multiplies 64-bit limb pairs through `unsigned __int128` where the compiler has it.
/// Defining WARPNUM_NO_INT128 before the first include makes the host run the 32-bit word algorithms (those of
/// the device and of constant evaluation) instead: slower, and what tests/host/modular/portable_test.cpp checks.
#if defined(__SIZEOF_INT128__) && !defined(WARPNUM_NO_INT128)
#  define WARPNUM_HAS_INT128 1
#else
#  define WARPNUM_HAS_INT128 0
#endif

/// GNU inline assembly for x86-64 on 64-bit words (the host's carry chains; detail/bigint/mul.hpp).
#if defined(__x86_64__) && WARPNUM_HAS_INT128 && (defined(__GNUC__) || defined(__clang__))
#  define WARPNUM_DETAIL_X86_64_ASM 1
#else
#  define WARPNUM_DETAIL_X86_64_ASM 0
#endif

/// Exceptions on the host: off under -fno-exceptions, where errors fall back to the device's defined results.
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#  define WARPNUM_HAS_EXCEPTIONS 1
#else
#  define WARPNUM_HAS_EXCEPTIONS 0
#endif

#if defined(WARPNUM_EMULATE_DEVICE)
#  include <warpnum/detail/ptx/emulation.hpp>
#endif

#define WARPNUM_VERSION_MAJOR 0
#define WARPNUM_VERSION_MINOR 1
#define WARPNUM_VERSION_PATCH 0
