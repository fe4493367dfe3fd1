# SPDX-License-Identifier: Apache-2.0
# tests/docs/source_files.cmake: included by the documentation checks: sets `files` to every file of the source tree
# at ROOT that ships (README and the other top-level files, docs/, the sources, tests, scripts and build files),
# relative to ROOT; build folders and .git are not among them.
file(GLOB files RELATIVE "${ROOT}" "${ROOT}/*.md" "${ROOT}/CMakeLists.txt" "${ROOT}/CMakePresets.json"
     "${ROOT}/REUSE.toml" "${ROOT}/.ci/*")
foreach(folder IN ITEMS docs include src tests examples bench scripts cmake)
  file(GLOB_RECURSE more RELATIVE "${ROOT}" "${ROOT}/${folder}/*")
  list(APPEND files ${more})
endforeach()
