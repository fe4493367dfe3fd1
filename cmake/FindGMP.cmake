# SPDX-License-Identifier: Apache-2.0
# FindGMP.cmake: finds the GNU MP library and defines the imported target GMP::GMP and, where GMP's C++ library is
# there too, GMP::GMPXX (libgmpxx, <gmpxx.h>: mpz_class), which links GMP::GMP. Installed with warpnum's package
# for its component gmp.
#
# Components: GMPXX (find_package(GMP COMPONENTS GMPXX) fails without libgmpxx; without the component it is
#             looked for too, and GMP::GMPXX defined where found).
# Input:  GMP_USE_STATIC_LIBS  prefer libgmp.a, libgmpxx.a (for binaries that must run where GMP is not installed)
#         GMP_ROOT             an extra prefix to search
# Output: GMP_FOUND, GMP_INCLUDE_DIR, GMP_LIBRARY, GMP_VERSION, target GMP::GMP;
#         GMP_GMPXX_FOUND, GMP_GMPXX_INCLUDE_DIR, GMP_GMPXX_LIBRARY, target GMP::GMPXX

find_path(GMP_INCLUDE_DIR NAMES gmp.h)
find_path(GMP_GMPXX_INCLUDE_DIR NAMES gmpxx.h)
if(GMP_USE_STATIC_LIBS)
  # Cache variables of their own, so switching between static and shared in one build folder finds again.
  find_library(GMP_STATIC_LIBRARY NAMES libgmp.a)
  find_library(GMP_GMPXX_STATIC_LIBRARY NAMES libgmpxx.a)
  set(GMP_LIBRARY "${GMP_STATIC_LIBRARY}")
  set(GMP_GMPXX_LIBRARY "${GMP_GMPXX_STATIC_LIBRARY}")
else()
  find_library(GMP_SHARED_LIBRARY NAMES gmp)
  find_library(GMP_GMPXX_SHARED_LIBRARY NAMES gmpxx)
  set(GMP_LIBRARY "${GMP_SHARED_LIBRARY}")
  set(GMP_GMPXX_LIBRARY "${GMP_GMPXX_SHARED_LIBRARY}")
endif()
if(GMP_LIBRARY AND GMP_INCLUDE_DIR AND GMP_GMPXX_LIBRARY AND GMP_GMPXX_INCLUDE_DIR)
  set(GMP_GMPXX_FOUND TRUE)
else()
  set(GMP_GMPXX_FOUND FALSE)
endif()

if(GMP_INCLUDE_DIR)
  # gmp.h may forward to an arch-specific gmp-<arch>.h (Debian multiarch): read the version from either.
  file(GLOB _gmp_headers "${GMP_INCLUDE_DIR}/gmp.h" "${GMP_INCLUDE_DIR}/gmp-*.h")
  foreach(_gmp_header IN LISTS _gmp_headers)
    file(STRINGS "${_gmp_header}" _gmp_lines REGEX "^#define __GNU_MP_VERSION(_MINOR|_PATCHLEVEL)? +[0-9]+")
    if(_gmp_lines)
      foreach(_part IN ITEMS "" _MINOR _PATCHLEVEL)
        string(REGEX REPLACE ".*#define __GNU_MP_VERSION${_part} +([0-9]+).*" "\\1" _gmp_v${_part} "${_gmp_lines}")
      endforeach()
      set(GMP_VERSION "${_gmp_v}.${_gmp_v_MINOR}.${_gmp_v_PATCHLEVEL}")
      break()
    endif()
  endforeach()
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(GMP REQUIRED_VARS GMP_LIBRARY GMP_INCLUDE_DIR VERSION_VAR GMP_VERSION
                                  HANDLE_COMPONENTS)

if(GMP_FOUND AND NOT TARGET GMP::GMP)
  add_library(GMP::GMP UNKNOWN IMPORTED)
  set_target_properties(GMP::GMP PROPERTIES IMPORTED_LOCATION "${GMP_LIBRARY}"
                                            INTERFACE_INCLUDE_DIRECTORIES "${GMP_INCLUDE_DIR}")
endif()
if(GMP_FOUND AND GMP_GMPXX_FOUND AND NOT TARGET GMP::GMPXX)
  add_library(GMP::GMPXX UNKNOWN IMPORTED)
  set_target_properties(GMP::GMPXX PROPERTIES IMPORTED_LOCATION "${GMP_GMPXX_LIBRARY}"
                                              INTERFACE_INCLUDE_DIRECTORIES "${GMP_GMPXX_INCLUDE_DIR}"
                                              INTERFACE_LINK_LIBRARIES GMP::GMP)
endif()
mark_as_advanced(GMP_INCLUDE_DIR GMP_STATIC_LIBRARY GMP_SHARED_LIBRARY GMP_GMPXX_INCLUDE_DIR GMP_GMPXX_STATIC_LIBRARY
                 GMP_GMPXX_SHARED_LIBRARY)
