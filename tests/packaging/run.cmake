# SPDX-License-Identifier: Apache-2.0
# tests/packaging/run.cmake: one packaging test, in a fresh folder (WORK_DIR is removed and made again).
#   installed     configure warpnum from the source tree with tests, examples and benchmarks off (what a user does),
#                 check its default CUDA architectures, build, install; build and run consumer/ with
#                 find_package(warpnum CONFIG REQUIRED COMPONENTS huge [gmp]) as a C++ project and, with CUDA, its
#                 kernel.cu in a CUDA project; install the headers alone (WARPNUM_BUILD_HUGE=OFF, GMP hidden,
#                 nothing built) and check that components/ fails, with warpnum's message, for each missing
#                 component and for an unknown one.
#   subdirectory  consumer/ with add_subdirectory(<source>): with CUDA (warpnum::huge then takes the consumer's
#                 CMAKE_CUDA_ARCHITECTURES), else as a C++ project.
#   fetchcontent  consumer/ with FetchContent_Declare(warpnum SOURCE_DIR <source>): a C++ project, so warpnum::huge
#                 is the host build and warpnum says how to get the GPU path.
#   plain         no CMake: consumer/bigint.cpp by g++ -std=c++20 -I include, consumer/kernel.cu by nvcc -std=c++20
#                 -arch=sm_<N> (-arch=compute_<N> for CUDA_ARCHITECTURES N-virtual).
# Needs no network. The CUDA parts run where CUDA_COMPILER is given and say "skipped" otherwise.
#   cmake -DMODE=... -DSOURCE_DIR=<warpnum source> -DWORK_DIR=... [-DGENERATOR=...] [-DMAKE_PROGRAM=...]
#         [-DCXX_COMPILER=...] [-DCUDA_COMPILER=...] [-DCUDA_ARCHITECTURES=<one: 90, 90-real or 90-virtual>]
#         [-DCONFIG=Release] [-DGMP=ON] [-DNCCL=ON] [-DDEVICE_COMPILE_CHECK=ON]
#         [-DJOBS=2] -P run.cmake
# DEVICE_COMPILE_CHECK=ON (given where the build running this test compiles its device code as a check alone, as it
# does without a GPU): the nested builds of warpnum compile device code with NVVM at -O0 too, and the installed
# mode builds warpnum::huge for CUDA_ARCHITECTURES after checking its default list, not for the six defaults.
foreach(var IN ITEMS MODE SOURCE_DIR WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "run.cmake: ${var} is not set")
  endif()
endforeach()
if(NOT CONFIG)
  set(CONFIG Release)
endif()
if(NOT CUDA_ARCHITECTURES)
  set(CUDA_ARCHITECTURES 90)  # warpnum's device code needs 80 or newer
endif()
# nvcc's spelling of it, for the plain mode: PTX alone for N-virtual, else the GPU code (and PTX for N).
string(REGEX REPLACE "-(real|virtual)$" "" cuda_architecture_number "${CUDA_ARCHITECTURES}")
if(CUDA_ARCHITECTURES MATCHES "-virtual$")
  set(nvcc_architecture "-arch=compute_${cuda_architecture_number}")
else()
  set(nvcc_architecture "-arch=sm_${cuda_architecture_number}")
endif()
if(NOT JOBS)
  set(JOBS 2)
  if(DEFINED ENV{CMAKE_BUILD_PARALLEL_LEVEL})
    set(JOBS "$ENV{CMAKE_BUILD_PARALLEL_LEVEL}")
  endif()
endif()
set(here "${CMAKE_CURRENT_LIST_DIR}")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
string(TIMESTAMP started "%s")

# run(<name> [FAIL <regex>...] COMMAND <command>...): runs the command; it must succeed, or with FAIL, fail with
# output matching every regex (a space in one matches any run of spaces and line breaks). Its output goes to the
# log on failure, and to the variable run_output.
function(run name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "FAIL;COMMAND")
  string(TIMESTAMP t0 "%s")
  execute_process(COMMAND ${arg_COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(TIMESTAMP t1 "%s")
  math(EXPR seconds "${t1} - ${t0}")
  list(JOIN arg_COMMAND " " command)
  if(NOT arg_FAIL AND NOT rc EQUAL 0)
    message(FATAL_ERROR "run.cmake: ${name} failed (${rc}): ${command}\n${out}")
  elseif(arg_FAIL)
    if(rc EQUAL 0)
      message(FATAL_ERROR "run.cmake: ${name} succeeded but must fail: ${command}\n${out}")
    endif()
    foreach(regex IN LISTS arg_FAIL)
      string(REPLACE " " "[ \n]+" regex "${regex}")  # CMake wraps the lines of its error messages
      if(NOT out MATCHES "${regex}")
        message(FATAL_ERROR "run.cmake: ${name} failed, but its output does not match '${regex}': ${command}\n${out}")
      endif()
    endforeach()
  endif()
  message(STATUS "${name}: ok (${seconds} s)")
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# What every CMake configure below is given: the generator and compilers of the build that runs this test.
set(configure_common -DCMAKE_BUILD_TYPE=${CONFIG} -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(GENERATOR)
  list(APPEND configure_common -G "${GENERATOR}")
endif()
if(MAKE_PROGRAM)
  list(APPEND configure_common "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(CXX_COMPILER)
  list(APPEND configure_common "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}")
endif()
if(CUDA_COMPILER)
  list(APPEND configure_common "-DCMAKE_CUDA_COMPILER=${CUDA_COMPILER}")
endif()

function(build name dir)
  run("${name}" COMMAND "${CMAKE_COMMAND}" --build "${dir}" --config "${CONFIG}" --parallel "${JOBS}" ${ARGN})
endfunction()

# run_programs(<build folder> <name>...): runs each program of a consumer build; each exits 0 when its results hold.
function(run_programs dir)
  foreach(program IN LISTS ARGN)
    find_program(path_${program} ${program} PATHS "${dir}" "${dir}/${CONFIG}" NO_DEFAULT_PATH NO_CACHE REQUIRED)
    run("run ${program}" COMMAND "${path_${program}}")
    string(STRIP "${run_output}" line)
    message(STATUS "  ${line}")
  endforeach()
endfunction()

# compile_command(<out> <build folder> <file regex>): the compile command of the first source matching the regex, from
# compile_commands.json; empty where the generator writes none.
function(compile_command out dir file_regex)
  set(${out} "" PARENT_SCOPE)
  if(NOT EXISTS "${dir}/compile_commands.json")
    return()
  endif()
  file(READ "${dir}/compile_commands.json" json)
  string(JSON count LENGTH "${json}")
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON file GET "${json}" ${i} file)
    if(file MATCHES "${file_regex}")
      string(JSON command GET "${json}" ${i} command)
      set(${out} "${command}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# cuda_codes(<out> <command>): the --generate-code arguments of an nvcc command line, sorted.
function(cuda_codes out command)
  string(REGEX MATCHALL "arch=compute_[0-9a-z]+,code=\\[[^]]*\\]" codes "${command}")
  list(SORT codes)
  set(${out} "${codes}" PARENT_SCOPE)
endfunction()

set(programs consumer_bigint consumer_integer)
if(GMP)
  list(APPEND programs consumer_gmp)
endif()
if(NCCL)
  list(APPEND programs consumer_nccl)
endif()

if(MODE STREQUAL "installed")
  set(build "${WORK_DIR}/warpnum-build")
  set(prefix "${WORK_DIR}/prefix")
  set(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${build}" ${configure_common} -DWARPNUM_BUILD_TESTS=OFF
      -DWARPNUM_BUILD_EXAMPLES=OFF -DWARPNUM_BUILD_BENCH=OFF)
  if(NOT CUDA_COMPILER)
    list(APPEND configure -DWARPNUM_ENABLE_CUDA=OFF)
  endif()
  run("configure warpnum (library only)" COMMAND ${configure})
  if(CUDA_COMPILER)
    # The default architectures: SASS for sm_80, 86, 89, 90, 100, 120 and PTX for compute_120.
    compile_command(command "${build}" "/src/huge/carry\\.cu$")
    if(command)
      cuda_codes(codes "${command}")
      set(expected "arch=compute_100,code=[sm_100]" "arch=compute_120,code=[compute_120,sm_120]"
          "arch=compute_80,code=[sm_80]" "arch=compute_86,code=[sm_86]" "arch=compute_89,code=[sm_89]"
          "arch=compute_90,code=[sm_90]")
      if(NOT codes STREQUAL expected)
        message(FATAL_ERROR "run.cmake: warpnum::huge's default CUDA architectures are '${codes}', not '${expected}'")
      endif()
      message(STATUS "default CUDA architectures of warpnum::huge: ok")
    endif()
    # Built for this build's architecture: ptxas for six targets at NVVM -O3 was most of this test's time (143 s of
    # 220 on two cores, 2026-12-04), and the targets' list is what is checked above.
    set(build_configure ${configure} "-DWARPNUM_CUDA_ARCHITECTURES=${CUDA_ARCHITECTURES}")
    if(DEVICE_COMPILE_CHECK)
      list(APPEND build_configure -DWARPNUM_DEVICE_COMPILE_CHECK=ON)
    endif()
    run("configure warpnum (library only, CUDA architectures ${CUDA_ARCHITECTURES})" COMMAND ${build_configure})
  endif()
  build("build warpnum" "${build}")
  run("install warpnum" COMMAND "${CMAKE_COMMAND}" --install "${build}" --prefix "${prefix}" --config "${CONFIG}")

  # A C++ project: the header-only target, Integer, and GMP's adapter target.
  set(consumer "${WORK_DIR}/consumer")
  set(components "")
  if(GMP)
    list(APPEND components gmp)
  endif()
  if(NCCL)
    list(APPEND components nccl)
  endif()
  string(REPLACE ";" "," components "${components}")  # one argument on the command line
  run("configure consumer (C++, find_package)"
      COMMAND "${CMAKE_COMMAND}" -S "${here}/consumer" -B "${consumer}" ${configure_common}
              "-DCMAKE_PREFIX_PATH=${prefix}" -DWARPNUM_CONSUMER_MODE=installed
              "-DWARPNUM_CONSUMER_COMPONENTS=${components}")
  # find_package must have taken the installed copy, not anything in the source or build tree.
  file(STRINGS "${consumer}/CMakeCache.txt" found REGEX "^warpnum_DIR:")
  string(REGEX REPLACE "^[^=]*=" "" found "${found}")
  cmake_path(IS_PREFIX prefix "${found}" NORMALIZE inside)
  if(NOT inside)
    message(FATAL_ERROR "run.cmake: find_package(warpnum) found '${found}', not the installed copy under ${prefix}")
  endif()
  build("build consumer" "${consumer}")
  run_programs("${consumer}" ${programs})

  # A CUDA project whose kernel.cu target sets nothing but its link to warpnum::warpnum. Its architecture comes from
  # the command line: CMake's default with nvcc 13 is sm_75, and warpnum's device code needs sm_80 or newer.
  if(CUDA_COMPILER)
    set(consumer_cuda "${WORK_DIR}/consumer-cuda")
    run("configure consumer (CUDA, find_package)"
        COMMAND "${CMAKE_COMMAND}" -S "${here}/consumer" -B "${consumer_cuda}" ${configure_common}
                "-DCMAKE_PREFIX_PATH=${prefix}" -DWARPNUM_CONSUMER_MODE=installed -DWARPNUM_CONSUMER_CUDA=ON
                "-DCMAKE_CUDA_ARCHITECTURES=${CUDA_ARCHITECTURES}")
    build("build consumer kernel.cu" "${consumer_cuda}" --target consumer_kernel)
    run_programs("${consumer_cuda}" consumer_kernel)
  else()
    message(STATUS "CUDA consumer: skipped (no CUDA compiler)")
  endif()

  # The headers alone, installed without building, configured where GMP cannot be found: find_package(warpnum)
  # works, and asking for huge or gmp fails with warpnum's message.
  set(headers_build "${WORK_DIR}/headers-build")
  set(headers_prefix "${WORK_DIR}/headers-prefix")
  run("configure warpnum (headers only, no GMP)"
      COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${headers_build}" ${configure_common}
              -DWARPNUM_BUILD_TESTS=OFF -DWARPNUM_BUILD_EXAMPLES=OFF -DWARPNUM_BUILD_BENCH=OFF
              -DWARPNUM_BUILD_HUGE=OFF -DCMAKE_DISABLE_FIND_PACKAGE_GMP=ON)
  run("install warpnum (headers only, nothing built)"
      COMMAND "${CMAKE_COMMAND}" --install "${headers_build}" --prefix "${headers_prefix}" --config "${CONFIG}")
  set(components_project "${CMAKE_COMMAND}" -S "${here}/components" ${configure_common})
  run("find_package(warpnum), headers only"
      COMMAND ${components_project} -B "${WORK_DIR}/components-none" "-DCMAKE_PREFIX_PATH=${headers_prefix}")
  run("find_package(warpnum COMPONENTS huge), headers only: fails"
      FAIL "component huge not found" "-DWARPNUM_BUILD_HUGE=ON"
      COMMAND ${components_project} -B "${WORK_DIR}/components-huge" "-DCMAKE_PREFIX_PATH=${headers_prefix}"
              -DWARPNUM_COMPONENTS=huge)
  run("find_package(warpnum COMPONENTS gmp), headers only: fails"
      FAIL "component gmp not found" "libgmp-dev"
      COMMAND ${components_project} -B "${WORK_DIR}/components-gmp" "-DCMAKE_PREFIX_PATH=${headers_prefix}"
              -DWARPNUM_COMPONENTS=gmp)
  run("find_package(warpnum COMPONENTS nonesuch): fails"
      FAIL "warpnum has no component 'nonesuch'"
      COMMAND ${components_project} -B "${WORK_DIR}/components-nonesuch" "-DCMAKE_PREFIX_PATH=${prefix}"
              "-DWARPNUM_COMPONENTS=huge;nonesuch")

elseif(MODE STREQUAL "subdirectory" OR MODE STREQUAL "fetchcontent")
  set(consumer "${WORK_DIR}/consumer")
  set(configure "${CMAKE_COMMAND}" -S "${here}/consumer" -B "${consumer}" ${configure_common}
      -DWARPNUM_CONSUMER_MODE=${MODE} "-DWARPNUM_SOURCE_DIR=${SOURCE_DIR}")
  # add_subdirectory with CUDA where there is a compiler; FetchContent as a C++ project (the host build of
  # warpnum::huge, the other half of the rule).
  set(cuda OFF)
  if(MODE STREQUAL "subdirectory" AND CUDA_COMPILER)
    set(cuda ON)
    list(APPEND configure -DWARPNUM_CONSUMER_CUDA=ON "-DCMAKE_CUDA_ARCHITECTURES=${CUDA_ARCHITECTURES}")
    if(DEVICE_COMPILE_CHECK)
      list(APPEND configure -DWARPNUM_DEVICE_COMPILE_CHECK=ON)
    endif()
  endif()
  if(cuda)
    run("configure consumer (CUDA, ${MODE})" COMMAND ${configure})
    if(NOT run_output MATCHES "warpnum: CUDA on")
      message(FATAL_ERROR "run.cmake: the consumer enabled CUDA, but warpnum did not use it:\n${run_output}")
    endif()
  else()
    run("configure consumer (C++, ${MODE})" COMMAND ${configure})
    if(NOT run_output MATCHES "warpnum::huge is built for the[ \n]+host")
      message(FATAL_ERROR "run.cmake: warpnum did not say that warpnum::huge is the host build:\n${run_output}")
    endif()
  endif()
  build("build consumer" "${consumer}")
  if(cuda)
    # warpnum::huge has the consumer's architectures, as the consumer's own kernel does.
    compile_command(huge_command "${consumer}" "/src/huge/carry\\.cu$")
    compile_command(kernel_command "${consumer}" "/consumer/kernel\\.cu$")
    if(huge_command)
      cuda_codes(huge_codes "${huge_command}")
      cuda_codes(kernel_codes "${kernel_command}")
      if(NOT huge_codes OR NOT huge_codes STREQUAL kernel_codes)
        message(FATAL_ERROR "run.cmake: warpnum::huge is built for '${huge_codes}', the consumer for '${kernel_codes}'")
      endif()
      message(STATUS "warpnum::huge has the consumer's CUDA architectures (${huge_codes}): ok")
    endif()
    run_programs("${consumer}" ${programs} consumer_kernel)
  else()
    run_programs("${consumer}" ${programs})
  endif()

elseif(MODE STREQUAL "plain")
  set(compiler g++)
  if(CXX_COMPILER)
    set(compiler "${CXX_COMPILER}")
  endif()
  run("g++ -std=c++20 -I include bigint.cpp"
      COMMAND "${compiler}" -std=c++20 -I "${SOURCE_DIR}/include" "${here}/consumer/bigint.cpp"
              -o "${WORK_DIR}/consumer_bigint")
  run_programs("${WORK_DIR}" consumer_bigint)
  if(CUDA_COMPILER)
    run("nvcc -std=c++20 ${nvcc_architecture} -I include kernel.cu"
        COMMAND "${CUDA_COMPILER}" -std=c++20 "${nvcc_architecture}" -I "${SOURCE_DIR}/include"
                "${here}/consumer/kernel.cu" -o "${WORK_DIR}/consumer_kernel")
    run_programs("${WORK_DIR}" consumer_kernel)
  else()
    message(STATUS "nvcc -std=c++20 -I include kernel.cu: skipped (no CUDA compiler)")
  endif()

else()
  message(FATAL_ERROR "run.cmake: MODE must be installed, subdirectory, fetchcontent or plain, not '${MODE}'")
endif()

string(TIMESTAMP finished "%s")
math(EXPR seconds "${finished} - ${started}")
message(STATUS "packaging test '${MODE}': passed in ${seconds} s")
