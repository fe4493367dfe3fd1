# SPDX-License-Identifier: Apache-2.0
# FindNCCL.cmake: finds NVIDIA's NCCL (<nccl.h>, libnccl) and defines the imported target NCCL::NCCL, for
# <warpnum/nccl/*.hpp> and <warpnum/mpi/nccl_*.hpp>. Looks in the CUDA toolkit's folders (CUDA 13's packages carry
# NCCL), in the usual prefixes, and in a Python environment's nvidia-nccl-cu13 wheel (site-packages/nvidia/nccl).
# Installed with warpnum's package.
#
# Input:  NCCL_ROOT      an extra prefix to search (include/, lib/)
# Output: NCCL_FOUND, NCCL_INCLUDE_DIR, NCCL_LIBRARY, NCCL_VERSION, target NCCL::NCCL. It does not link CUDA's
#         runtime: a program nvcc links has it already (static by default); a g++ program links CUDA::cudart too.

find_package(CUDAToolkit QUIET)
set(_nccl_hints "")
if(CUDAToolkit_FOUND)
  list(APPEND _nccl_hints ${CUDAToolkit_INCLUDE_DIRS} ${CUDAToolkit_LIBRARY_DIR})
endif()
find_package(Python3 QUIET COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  execute_process(COMMAND "${Python3_EXECUTABLE}" -c
                          "import nvidia.nccl, os; print(os.path.dirname(nvidia.nccl.__file__))"
                  OUTPUT_VARIABLE _nccl_wheel OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(_nccl_wheel)
    list(APPEND _nccl_hints "${_nccl_wheel}/include" "${_nccl_wheel}/lib")
  endif()
endif()
find_path(NCCL_INCLUDE_DIR NAMES nccl.h HINTS ${_nccl_hints} PATH_SUFFIXES include)
find_library(NCCL_LIBRARY NAMES nccl libnccl.so.2 HINTS ${_nccl_hints} PATH_SUFFIXES lib lib64)

if(NCCL_INCLUDE_DIR)
  file(STRINGS "${NCCL_INCLUDE_DIR}/nccl.h" _nccl_lines REGEX "^#define NCCL_(MAJOR|MINOR|PATCH) +[0-9]+")
  foreach(_part IN ITEMS MAJOR MINOR PATCH)
    string(REGEX REPLACE ".*#define NCCL_${_part} +([0-9]+).*" "\\1" _nccl_${_part} "${_nccl_lines}")
  endforeach()
  set(NCCL_VERSION "${_nccl_MAJOR}.${_nccl_MINOR}.${_nccl_PATCH}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(NCCL REQUIRED_VARS NCCL_LIBRARY NCCL_INCLUDE_DIR VERSION_VAR NCCL_VERSION)

if(NCCL_FOUND AND NOT TARGET NCCL::NCCL)
  add_library(NCCL::NCCL UNKNOWN IMPORTED)
  set_target_properties(NCCL::NCCL PROPERTIES IMPORTED_LOCATION "${NCCL_LIBRARY}"
                                              INTERFACE_INCLUDE_DIRECTORIES "${NCCL_INCLUDE_DIR}")
endif()
mark_as_advanced(NCCL_INCLUDE_DIR NCCL_LIBRARY)
