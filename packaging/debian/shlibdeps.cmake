# CPack's project configuration file (CPACK_PROJECT_CONFIG_FILE), read when
# cpack runs: each package's library dependencies, from dpkg-shlibdeps on
# its program in the build tree, added to the dependencies it declares.
#
# CPack's own CPACK_DEBIAN_PACKAGE_SHLIBDEPS does the same but first runs
# `file` twice on every file of the package to find the programs: some 700
# processes for the game's card art, most of a minute on a busy machine.
# The packages have one program each and the build knows which.
#
# Reads CPACK_CEKI_COMPONENTS, CPACK_CEKI_PROGRAM_<component> and
# CPACK_CEKI_SHLIBDEPS (dpkg-shlibdeps; empty: the fallback lists already
# in CPACK_DEBIAN_<COMPONENT>_PACKAGE_DEPENDS stay as they are).
if(NOT CPACK_GENERATOR STREQUAL "DEB" OR NOT CPACK_CEKI_SHLIBDEPS)
  return()
endif()
# dpkg-shlibdeps reads debian/control in its working directory.
set(dir "${CPACK_PACKAGE_DIRECTORY}/_CPack_Packages/shlibdeps")
file(MAKE_DIRECTORY "${dir}/debian")
file(WRITE "${dir}/debian/control" "")
foreach(comp ${CPACK_CEKI_COMPONENTS})
  set(prog "${CPACK_CEKI_PROGRAM_${comp}}")
  execute_process(COMMAND ${CPACK_CEKI_SHLIBDEPS} -O "${prog}" WORKING_DIRECTORY "${dir}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "shlibs:Depends=([^\n]*)")
    message(FATAL_ERROR "dpkg-shlibdeps ${prog} failed (${rc}): ${err}")
  endif()
  string(TOUPPER ${comp} up)
  set(own "${CPACK_DEBIAN_${up}_PACKAGE_DEPENDS}")
  if(own STREQUAL "")
    set(CPACK_DEBIAN_${up}_PACKAGE_DEPENDS "${CMAKE_MATCH_1}")
  else()
    set(CPACK_DEBIAN_${up}_PACKAGE_DEPENDS "${own}, ${CMAKE_MATCH_1}")
  endif()
endforeach()
