# SPDX-License-Identifier: Apache-2.0
# warpnumCxx20.cmake: warpnum_require_cxx20(<target> [BUILD_INTERFACE]), the C++20 requirement that warpnum::warpnum
# passes to every C++ and CUDA target linking it. Used by the top-level CMakeLists.txt and by the installed
# warpnumConfig.cmake, so the decision below is taken by the CMake that configures the consumer, whichever CMake
# built and installed warpnum.
#
# C++ sources: the compile feature cxx_std_20.
# CUDA sources: the compile feature cuda_std_20, except with CMake < 3.25.2 (Debian 12 has 3.25.1), which knows no
# C++20 flag for nvcc: there cuda_std_20 fails the consumer's generate step ("The compiler feature cuda_std_20 is
# not known to CUDA compiler NVIDIA") and CMAKE_CUDA_STANDARD 20 adds no flag (nvcc then compiles C++17). Such
# CMake gets -std=c++20 as a compile option of CUDA sources compiled by nvcc instead (nvcc >= 12 has it). nvcc
# takes the last -std it is given and warns when they differ, so under CMake < 3.25.2 a consumer must not set
# CMAKE_CUDA_STANDARD below 20 (CMake's -std=c++17 would come after this option).
# Workaround for CMake < 3.25.2; remove it once 3.25.2 is the minimum.
#
# BUILD_INTERFACE: for the in-tree target; its export then carries none of this, and warpnumConfig.cmake applies it
# again for the consumer's CMake.

function(warpnum_require_cxx20 target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "BUILD_INTERFACE" "" "")
  get_target_property(done ${target} WARPNUM_CXX20_APPLIED)
  if(done)
    return()
  endif()
  if(CMAKE_VERSION VERSION_LESS 3.25.2)
    set(features cxx_std_20)
    set(options "$<$<COMPILE_LANGUAGE:CUDA>:$<$<CUDA_COMPILER_ID:NVIDIA>:-std=c++20>>")
  else()
    set(features cxx_std_20 cuda_std_20)
    set(options "")
  endif()
  if(arg_BUILD_INTERFACE)
    list(TRANSFORM features REPLACE "^(.+)$" "$<BUILD_INTERFACE:\\1>")
    list(TRANSFORM options REPLACE "^(.+)$" "$<BUILD_INTERFACE:\\1>")
  endif()
  set_property(TARGET ${target} APPEND PROPERTY INTERFACE_COMPILE_FEATURES ${features})
  if(options)
    set_property(TARGET ${target} APPEND PROPERTY INTERFACE_COMPILE_OPTIONS ${options})
  endif()
  set_property(TARGET ${target} PROPERTY WARPNUM_CXX20_APPLIED TRUE)
endfunction()
