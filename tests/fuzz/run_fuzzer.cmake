# SPDX-License-Identifier: Apache-2.0
# tests/fuzz/run_fuzzer.cmake: runs one libFuzzer harness for a bounded time from its seed corpus, and fails with the
# saved input and the command that reproduces it when the harness finds one. The seed corpus is only read: new
# inputs go to WORK/corpus and crash files to WORK/artifacts, both emptied first.
#   cmake -DFUZZER=<harness> -DCORPUS=<seed folder> -DWORK=<folder> [-DSECONDS=20] [-DRUNS=2000000] -P run_fuzzer.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var IN ITEMS FUZZER CORPUS WORK)
  if(NOT ${var})
    message(FATAL_ERROR "run_fuzzer.cmake: ${var} is not set")
  endif()
endforeach()
if(NOT SECONDS)
  set(SECONDS 20)
endif()
if(NOT RUNS)
  set(RUNS 2000000)
endif()
file(REMOVE_RECURSE "${WORK}/corpus" "${WORK}/artifacts")
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/artifacts")
# The first folder receives what libFuzzer adds; the seed folder, given second, is read and never written.
# -max_len: 4096-bit numbers in binary, and a margin; -timeout: seconds for one input.
execute_process(COMMAND "${FUZZER}" "-max_total_time=${SECONDS}" "-runs=${RUNS}" -max_len=5000 -timeout=30
                        -rss_limit_mb=2560 -print_final_stats=1 "-artifact_prefix=${WORK}/artifacts/"
                        "${WORK}/corpus" "${CORPUS}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(GLOB saved "${WORK}/artifacts/*")
  set(how "")
  foreach(file IN LISTS saved)
    string(APPEND how "\n  ${FUZZER} ${file}")
  endforeach()
  message(FATAL_ERROR "run_fuzzer.cmake: ${FUZZER} failed (exit ${rc}); the input it saved is in ${WORK}/artifacts/. "
                      "Run it again with:${how}")
endif()
