# SPDX-License-Identifier: Apache-2.0
# tests/docs/check_spdx.cmake: every source, build, script and documentation file names its licence in an SPDX line
# among its first three lines (REUSE.toml covers images, data and JSON, which cannot).
#   cmake -DROOT=<source folder> -P check_spdx.cmake
cmake_minimum_required(VERSION 3.25)  # the policies of the project's own CMake
if(NOT ROOT)
  message(FATAL_ERROR "check_spdx.cmake: ROOT is not set")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/source_files.cmake")  # sets files
set(missing "")
set(count 0)
foreach(file IN LISTS files)
  if(NOT file MATCHES "(\\.(hpp|cpp|cu|cuh|h|cmake|in|py|sh|md|toml)|CMakeLists\\.txt|^\\.ci/run)$")
    continue()  # images, logs, data: REUSE.toml
  endif()
  math(EXPR count "${count} + 1")
  file(STRINGS "${ROOT}/${file}" head LIMIT_COUNT 3)
  if(NOT head MATCHES "SPDX-License-Identifier: Apache-2\\.0")
    string(APPEND missing "\n  ${file}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "check_spdx.cmake: no 'SPDX-License-Identifier: Apache-2.0' among the first three lines of:"
                      "${missing}\nAdd it as the first line (after a #! line), in the file's comment syntax.")
endif()
message(STATUS "${count} files name their licence")
