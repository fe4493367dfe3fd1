# FindGMP.cmake: finds the GNU MP library and defines the imported target GMP::GMP.
#
# Input:  GMP_USE_STATIC_LIBS  prefer libgmp.a (for binaries that must run where GMP is not installed)
#         GMP_ROOT             an extra prefix to search
# Output: GMP_FOUND, GMP_INCLUDE_DIR, GMP_LIBRARY, GMP_VERSION, target GMP::GMP

find_path(GMP_INCLUDE_DIR NAMES gmp.h)
if(GMP_USE_STATIC_LIBS)
  # A cache variable of its own, so switching between static and shared in one build folder finds again.
  find_library(GMP_STATIC_LIBRARY NAMES libgmp.a)
  set(GMP_LIBRARY "${GMP_STATIC_LIBRARY}")
else()
  find_library(GMP_SHARED_LIBRARY NAMES gmp)
  set(GMP_LIBRARY "${GMP_SHARED_LIBRARY}")
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
find_package_handle_standard_args(GMP REQUIRED_VARS GMP_LIBRARY GMP_INCLUDE_DIR VERSION_VAR GMP_VERSION)

if(GMP_FOUND AND NOT TARGET GMP::GMP)
  add_library(GMP::GMP UNKNOWN IMPORTED)
  set_target_properties(GMP::GMP PROPERTIES IMPORTED_LOCATION "${GMP_LIBRARY}"
                                            INTERFACE_INCLUDE_DIRECTORIES "${GMP_INCLUDE_DIR}")
endif()
mark_as_advanced(GMP_INCLUDE_DIR GMP_STATIC_LIBRARY GMP_SHARED_LIBRARY)
