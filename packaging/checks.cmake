# The packaging checks (ctest -L packaging), included by packaging/CMakeLists.txt.
#
#   packaging_desktop_entry, packaging_metainfo   the desktop files validate
#   packaging_addresses                           no address that does not exist
#   packaging_install                             a plain install, every file in place
#   packaging_deb         the three .deb files cpack makes: their contents and
#                         relations, and lintian (0 errors, 0 warnings, no
#                         information but what packaging/lintian-info.txt explains)
#   packaging_hardening   hardening-check on the three programs
#   packaging_unit        systemd-analyze verify and security (at most 2.0) on
#                         the unit; where systemd runs the machine, the unit's
#                         own ExecStart under its own sandbox serves a match
# The last three need lintian, devscripts and systemd (the README's test line)
# and fail at once, naming the package, where one is missing. They check the
# build's own flags and packages, so they are not registered in the sanitizer
# build (build type Asan), whose programs are built without the hardening.

find_program(CEKI_DESKTOP_FILE_VALIDATE desktop-file-validate)
find_program(CEKI_APPSTREAMCLI appstreamcli)
if(CEKI_DESKTOP_FILE_VALIDATE)
  add_test(NAME packaging_desktop_entry
           COMMAND ${CEKI_DESKTOP_FILE_VALIDATE} ${CMAKE_CURRENT_SOURCE_DIR}/${CEKI_APP_ID}.desktop)
  set_tests_properties(packaging_desktop_entry PROPERTIES LABELS packaging)
else()
  message(STATUS "desktop-file-validate not found (desktop-file-utils): its test is skipped")
endif()
if(CEKI_APPSTREAMCLI)
  add_test(NAME packaging_metainfo
           COMMAND ${CEKI_APPSTREAMCLI} validate --no-net --pedantic --explain ${CEKI_METAINFO})
  set_tests_properties(packaging_metainfo PROPERTIES LABELS packaging)
else()
  message(STATUS "appstreamcli not found (appstream): the metainfo test is skipped")
endif()
add_test(NAME packaging_addresses
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/check_addresses.sh ${PROJECT_SOURCE_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/addresses-test)
set_tests_properties(packaging_addresses PROPERTIES LABELS packaging)
# Installs into the build tree and checks that every file is where it
# belongs and that the installed programs run from there.
string(REPLACE ";" " " CEKI_ICON_SIZE_WORDS "${CEKI_ICON_SIZES}")
add_test(NAME packaging_install
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/check_install.sh ${PROJECT_BINARY_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/install-test ${CEKI_APP_ID} "${CEKI_ICON_SIZE_WORDS}"
                 ${CMAKE_INSTALL_BINDIR})
set_tests_properties(packaging_install PROPERTIES LABELS packaging RUN_SERIAL TRUE)

string(TOLOWER "${CMAKE_BUILD_TYPE}" CEKI_BUILD_TYPE_LOWER)
if(CEKI_BUILD_TYPE_LOWER STREQUAL "asan" OR (CEKI_FUZZ AND CMAKE_C_COMPILER_ID MATCHES "Clang"))
  return()
endif()

string(REPLACE ";" " " CEKI_PACKAGE_COMPONENTS "${CEKI_COMPONENTS}")
add_test(NAME packaging_deb
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/check_deb.sh ${PROJECT_BINARY_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/deb-test ${PROJECT_VERSION} "${CEKI_PACKAGE_COMPONENTS}"
                 ${CMAKE_CURRENT_SOURCE_DIR}/lintian-info.txt)
# 15 s of processor time (cpack 4, lintian 11): started early, and a long
# timeout for a loaded machine (a minute at load 9 on 2 cores).
set_tests_properties(packaging_deb PROPERTIES LABELS packaging TIMEOUT 600 COST 20)

# Debug builds have no _FORTIFY_SOURCE (packaging/hardening.cmake).
set(CEKI_HARDENING_CHECK_ARGS "")
if(CEKI_BUILD_TYPE_LOWER STREQUAL "debug")
  set(CEKI_HARDENING_CHECK_ARGS --nofortify)
endif()
set(CEKI_HARDENED_PROGRAMS "")
foreach(comp ${CEKI_COMPONENTS})
  list(APPEND CEKI_HARDENED_PROGRAMS $<TARGET_FILE:${CEKI_PROGRAM_${comp}}>)
endforeach()
add_test(NAME packaging_hardening
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/check_hardening.sh ${CEKI_HARDENING_CHECK_ARGS}
                 ${CEKI_HARDENED_PROGRAMS})
set_tests_properties(packaging_hardening PROPERTIES LABELS packaging)

add_test(NAME packaging_unit
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/check_unit.sh
                 ${CMAKE_CURRENT_SOURCE_DIR}/systemd/ceki-server.service
                 $<TARGET_FILE:ceki-server> $<TARGET_FILE:ceki-cli> ${CEKI_MAN_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/unit-test)
set_tests_properties(packaging_unit PROPERTIES LABELS packaging TIMEOUT 120)
