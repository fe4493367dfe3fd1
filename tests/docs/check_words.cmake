# SPDX-License-Identifier: Apache-2.0
# tests/docs/check_words.cmake: README, docs and code comments speak to users of warpnum. Fails on words that
# belong to how it was made rather than to what it is: tracker numbers ("issue 7"), work-log words, and paths
# outside the repository. Scans README.md, docs/ and every source, script and build file; this file is exempt.
#   cmake -DROOT=<source folder> -P check_words.cmake
cmake_minimum_required(VERSION 3.25)  # the policies of the project's own CMake
if(NOT ROOT)
  message(FATAL_ERROR "check_words.cmake: ROOT is not set")
endif()
set(patterns
    "[Ii]ssues? #?[0-9]+([^0-9a-z-]|$)"  # tracker numbers (not "issues 32-bit loads")
    "\\(helper\\)"                   # who wrote a change
    "[Ss]essions?\\b"                # work-log time
    "[Ll]ent[- ](host|device|GPU|machine|H100|H200)"
    "[Tt]o come\\b"                  # promises instead of what is there
    "\\.\\./shared"                  # paths outside the repository
    "(style|design)\\.md"
    "/work/"
    "/tmp/[a-z]")
include("${CMAKE_CURRENT_LIST_DIR}/source_files.cmake")  # sets files
set(found "")
set(count 0)
foreach(file IN LISTS files)
  if(file STREQUAL "tests/docs/check_words.cmake" OR file MATCHES "\\.(png|svg|csv|log|json)$")
    continue()
  endif()
  math(EXPR count "${count} + 1")
  file(STRINGS "${ROOT}/${file}" lines)
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    foreach(pattern IN LISTS patterns)
      if(line MATCHES "${pattern}")
        string(SUBSTRING "${line}" 0 160 shown)
        string(APPEND found "\n  ${file}:${number}: ${shown}")
        break()
      endif()
    endforeach()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "check_words.cmake: these lines speak of how warpnum was made (tracker numbers, work-log "
                      "words, paths outside the repository) rather than to its users:${found}")
endif()
message(STATUS "${count} files speak to users")
