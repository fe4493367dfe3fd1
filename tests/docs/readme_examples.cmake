# SPDX-License-Identifier: Apache-2.0
# tests/docs/readme_examples.cmake: compiles the README's code blocks from the README's own text. Each ```cpp block
# is a whole program: g++ compiles it, it runs, and what it prints must equal the ```text block that follows it in
# the README. Each ```cuda block is a whole translation unit that nvcc compiles (when NVCC is given; not run: the
# machine may have no GPU). DEVICE_COMPILE_CHECK=ON (where the build compiles device code as a check alone, as it
# does without a GPU): PTX alone, NVVM at -O0, as the build's device tests there: 26 s against 62 s. Not
# -fdevice-syntax-only, which lets a kernel's call of a host function pass (nvcc 13.0).
#   cmake -DREADME=README.md -DWORK=<folder> -DCXX=<g++> [-DNVCC=<nvcc>] [-DDEVICE_COMPILE_CHECK=ON]
#         -DINCLUDE=<include folder> [-DTHRUST_INCLUDES=<folders>] -P readme_examples.cmake
cmake_minimum_required(VERSION 3.25)  # the policies of the project's own CMake
foreach(var IN ITEMS README WORK CXX INCLUDE)
  if(NOT ${var})
    message(FATAL_ERROR "readme_examples.cmake: ${var} is not set")
  endif()
endforeach()
file(READ "${README}" text)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

# The fenced blocks in order: kind (the info string) and body. Semicolons are escaped so a body stays one element.
string(REPLACE ";" "<semicolon>" text "${text}")
string(REGEX MATCHALL "```[a-z]*\n[^`]*```" blocks "${text}")
set(n_cpp 0)
set(n_cuda 0)
set(expect_output "")
foreach(block IN LISTS blocks)
  string(REGEX MATCH "^```([a-z]*)\n(.*)```$" _ "${block}")
  set(kind "${CMAKE_MATCH_1}")
  string(REPLACE "<semicolon>" ";" body "${CMAKE_MATCH_2}")
  if(kind STREQUAL "text" AND expect_output)
    if(NOT "${output}" STREQUAL "${body}")
      message(FATAL_ERROR "README.md's C++ example ${n_cpp} printed\n${output}\nbut the README shows\n${body}")
    endif()
    message(STATUS "C++ example ${n_cpp}: compiled, ran and printed what the README shows")
    set(expect_output "")
  elseif(kind STREQUAL "cpp")
    if(expect_output)
      message(FATAL_ERROR "README.md's C++ example ${n_cpp} is not followed by a ```text block of its output")
    endif()
    math(EXPR n_cpp "${n_cpp} + 1")
    file(WRITE "${WORK}/example_${n_cpp}.cpp" "${body}")
    execute_process(COMMAND "${CXX}" -std=c++20 -Wall -Wextra -Werror "-I${INCLUDE}" "${WORK}/example_${n_cpp}.cpp"
                            -o "${WORK}/example_${n_cpp}" RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "README.md's C++ example ${n_cpp} does not compile as it is shown:\n${out}${err}")
    endif()
    execute_process(COMMAND "${WORK}/example_${n_cpp}" RESULT_VARIABLE rc OUTPUT_VARIABLE output ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "README.md's C++ example ${n_cpp} exited with ${rc}:\n${output}${err}")
    endif()
    set(expect_output TRUE)
  elseif(kind STREQUAL "cuda")
    math(EXPR n_cuda "${n_cuda} + 1")
    if(NOT NVCC)
      message(STATUS "CUDA example ${n_cuda}: no nvcc, not compiled")
      continue()
    endif()
    file(WRITE "${WORK}/example_${n_cuda}.cu" "${body}")
    set(device_code -arch=sm_90)
    if(DEVICE_COMPILE_CHECK)
      set(device_code -arch=compute_90 -Xcicc -O0)
    endif()
    execute_process(COMMAND "${NVCC}" -std=c++20 ${device_code} --extended-lambda "-I${INCLUDE}"
                            -c "${WORK}/example_${n_cuda}.cu"
                            -o "${WORK}/example_${n_cuda}.o" RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "README.md's CUDA example ${n_cuda} does not compile as it is shown:\n${out}${err}")
    endif()
    message(STATUS "CUDA example ${n_cuda}: compiled by nvcc")
  endif()
endforeach()
if(expect_output)
  message(FATAL_ERROR "README.md's C++ example ${n_cpp} is not followed by a ```text block of its output")
endif()
if(n_cpp EQUAL 0)
  message(FATAL_ERROR "README.md has no ```cpp example")
endif()
