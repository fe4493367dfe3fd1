# tests/consumer/run.cmake: installs a warpnum build into <build>/consumer-prefix, then configures, builds and runs
# tests/consumer against that prefix. Run by ctest (test consumer_find_package); needs no network.
#   cmake -DWARPNUM_BUILD_DIR=... -DCONSUMER_SOURCE_DIR=... -DCONSUMER_WORK_DIR=... [-DCONSUMER_GENERATOR=...]
#         [-DCONSUMER_MAKE_PROGRAM=...] [-DCONSUMER_CXX_COMPILER=...] [-DCONSUMER_CONFIG=...] -P run.cmake
foreach(var IN ITEMS WARPNUM_BUILD_DIR CONSUMER_SOURCE_DIR CONSUMER_WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "run.cmake: ${var} is not set")
  endif()
endforeach()
if(NOT CONSUMER_CONFIG)
  set(CONSUMER_CONFIG Release)
endif()

set(prefix "${WARPNUM_BUILD_DIR}/consumer-prefix")
set(build "${CONSUMER_WORK_DIR}/build")
file(REMOVE_RECURSE "${prefix}" "${build}")

function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "run.cmake: failed (${rc}): ${command}")
  endif()
endfunction()

step("${CMAKE_COMMAND}" --install "${WARPNUM_BUILD_DIR}" --prefix "${prefix}" --config "${CONSUMER_CONFIG}")

set(configure "${CMAKE_COMMAND}" -S "${CONSUMER_SOURCE_DIR}" -B "${build}" "-DCMAKE_BUILD_TYPE=${CONSUMER_CONFIG}"
    "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(CONSUMER_GENERATOR)
  list(APPEND configure -G "${CONSUMER_GENERATOR}")
endif()
if(CONSUMER_MAKE_PROGRAM)
  list(APPEND configure "-DCMAKE_MAKE_PROGRAM=${CONSUMER_MAKE_PROGRAM}")
endif()
if(CONSUMER_CXX_COMPILER)
  list(APPEND configure "-DCMAKE_CXX_COMPILER=${CONSUMER_CXX_COMPILER}")
endif()
step(${configure})

# find_package must have taken the installed copy, not anything in the source or build tree.
file(STRINGS "${build}/CMakeCache.txt" found REGEX "^warpnum_DIR:")
string(REGEX REPLACE "^[^=]*=" "" found "${found}")
cmake_path(IS_PREFIX prefix "${found}" NORMALIZE inside)
if(NOT inside)
  message(FATAL_ERROR "run.cmake: find_package(warpnum) found '${found}', not the installed copy under ${prefix}")
endif()

step("${CMAKE_COMMAND}" --build "${build}" --config "${CONSUMER_CONFIG}")

find_program(consumer warpnum_consumer PATHS "${build}" "${build}/${CONSUMER_CONFIG}" NO_DEFAULT_PATH NO_CACHE REQUIRED)
step("${consumer}")

find_program(consumer_integer warpnum_consumer_integer PATHS "${build}" "${build}/${CONSUMER_CONFIG}" NO_DEFAULT_PATH
             NO_CACHE REQUIRED)
step("${consumer_integer}")
