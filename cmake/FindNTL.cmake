# SPDX-License-Identifier: Apache-2.0
# FindNTL.cmake: finds Victor Shoup's NTL (the tests' reference for GF(2)[x] and GF(2^n)) and defines the
# imported target NTL::NTL, which brings GMP::GMP and Threads::Threads along (NTL is built on GMP and, in
# Debian's build, with NTL_THREADS).
#
# Input:  NTL_USE_STATIC_LIBS  prefer libntl.a (Debian's libntl-dev ships it), where its gf2x is static too
#         NTL_ROOT             an extra prefix to search
# Output: NTL_FOUND, NTL_INCLUDE_DIR, NTL_LIBRARY, NTL_VERSION, target NTL::NTL

find_path(NTL_INCLUDE_DIR NAMES NTL/version.h)

# NTL built on the gf2x library (NTL_GF2X_LIB in NTL/config.h, as Debian builds it) needs gf2x after it when
# linked statically. Debian's libgf2x-dev ships no libgf2x.a: there the shared libntl is taken, and said.
set(_ntl_needs_gf2x FALSE)
if(NTL_INCLUDE_DIR AND EXISTS "${NTL_INCLUDE_DIR}/NTL/config.h")
  file(STRINGS "${NTL_INCLUDE_DIR}/NTL/config.h" _ntl_gf2x_line REGEX "^#define NTL_GF2X_LIB")
  if(_ntl_gf2x_line)
    set(_ntl_needs_gf2x TRUE)
  endif()
endif()
set(_ntl_static FALSE)
if(NTL_USE_STATIC_LIBS)
  # Cache variables of their own, so switching between static and shared in one build folder finds again.
  find_library(NTL_STATIC_LIBRARY NAMES libntl.a)
  if(_ntl_needs_gf2x)
    find_library(NTL_GF2X_STATIC_LIBRARY NAMES libgf2x.a)
  endif()
  if(NTL_STATIC_LIBRARY AND (NOT _ntl_needs_gf2x OR NTL_GF2X_STATIC_LIBRARY))
    set(_ntl_static TRUE)
  elseif(NTL_STATIC_LIBRARY AND NOT NTL_FIND_QUIETLY)
    message(STATUS "NTL: libntl.a needs libgf2x.a, which is not there; linking the shared libntl")
  endif()
endif()
if(_ntl_static)
  set(NTL_LIBRARY "${NTL_STATIC_LIBRARY}")
else()
  find_library(NTL_SHARED_LIBRARY NAMES ntl)
  set(NTL_LIBRARY "${NTL_SHARED_LIBRARY}")
endif()

if(NTL_INCLUDE_DIR AND EXISTS "${NTL_INCLUDE_DIR}/NTL/version.h")
  file(STRINGS "${NTL_INCLUDE_DIR}/NTL/version.h" _ntl_version_line REGEX "^#define NTL_VERSION +\"[0-9.]+\"")
  string(REGEX REPLACE ".*\"([0-9.]+)\".*" "\\1" NTL_VERSION "${_ntl_version_line}")
endif()

# NTL's own dependencies, unless the caller has them already.
if(NOT TARGET GMP::GMP)
  find_package(GMP QUIET)
endif()
if(NOT TARGET Threads::Threads)
  find_package(Threads QUIET)
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(NTL REQUIRED_VARS NTL_LIBRARY NTL_INCLUDE_DIR VERSION_VAR NTL_VERSION)
if(NTL_FOUND AND NOT (TARGET GMP::GMP AND TARGET Threads::Threads))
  message(STATUS "NTL: found, but GMP or Threads not; NTL::NTL not defined")
  set(NTL_FOUND FALSE)
endif()

if(NTL_FOUND AND NOT TARGET NTL::NTL)
  add_library(NTL::NTL UNKNOWN IMPORTED)
  set(_ntl_deps GMP::GMP Threads::Threads)
  if(_ntl_static AND _ntl_needs_gf2x)
    list(PREPEND _ntl_deps "${NTL_GF2X_STATIC_LIBRARY}")
  endif()
  set_target_properties(NTL::NTL PROPERTIES IMPORTED_LOCATION "${NTL_LIBRARY}"
                                            INTERFACE_INCLUDE_DIRECTORIES "${NTL_INCLUDE_DIR}"
                                            INTERFACE_LINK_LIBRARIES "${_ntl_deps}")
endif()
mark_as_advanced(NTL_INCLUDE_DIR NTL_STATIC_LIBRARY NTL_GF2X_STATIC_LIBRARY NTL_SHARED_LIBRARY)
