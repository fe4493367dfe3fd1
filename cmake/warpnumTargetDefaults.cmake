# SPDX-License-Identifier: Apache-2.0
# warpnumTargetDefaults.cmake: warpnum_target_defaults(<target> [SHARED_RUNTIME] [NEEDS_GPU]), the compile and link
# settings of our own programs.

# Warnings (never -Werror), and with WARPNUM_STATIC_DEPS a statically linked C++ runtime unless SHARED_RUNTIME is
# given. g++ drives the final link of CUDA executables as well, so the same link flags serve both languages.
# NEEDS_GPU marks a program that does nothing without a GPU (a device test, a benchmark, a reproducer): under
# WARPNUM_DEVICE_COMPILE_CHECK its host code is compiled at -O0 (the top-level CMakeLists.txt).
function(warpnum_target_defaults target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "SHARED_RUNTIME;NEEDS_GPU" "" "")
  if(arg_NEEDS_GPU)
    set_property(TARGET ${target} PROPERTY WARPNUM_NEEDS_GPU TRUE)
  endif()
  target_compile_options(${target} PRIVATE
    "$<$<COMPILE_LANGUAGE:CXX>:-Wall;-Wextra>"
    "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra;--extended-lambda>")
  if(WARPNUM_STATIC_DEPS AND NOT arg_SHARED_RUNTIME)
    get_target_property(_type ${target} TYPE)
    if(_type STREQUAL "EXECUTABLE")
      target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc)
    endif()
  endif()
endfunction()

# warpnum_target_openmp(<target>): compiles the target's host code with OpenMP (the batch layer's CPU evaluator and
# Thrust's OMP system run on every core) and links libgomp: statically with WARPNUM_STATIC_DEPS, so the GPU
# machine needs no libgomp. Does nothing where the compiler has no OpenMP (the code then runs on one core).
function(warpnum_target_openmp target)
  if(NOT OpenMP_CXX_FOUND)
    return()
  endif()
  target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${OpenMP_CXX_FLAGS}>"
                                           "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${OpenMP_CXX_FLAGS}>")
  if(WARPNUM_STATIC_DEPS)
    target_link_libraries(${target} PRIVATE -Wl,-Bstatic gomp -Wl,-Bdynamic Threads::Threads)
  else()
    target_link_libraries(${target} PRIVATE gomp Threads::Threads)
  endif()
endfunction()
