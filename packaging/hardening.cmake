# Debian's build hardening for every target of the project.
#
# The flags are those `dpkg-buildflags` gives for DEB_BUILD_MAINT_OPTIONS=
# hardening=+all that it does not give for hardening=-all: on Debian 12
#   CPPFLAGS -D_FORTIFY_SOURCE=2
#   CFLAGS   -fstack-protector-strong -Wformat -Werror=format-security
#   LDFLAGS  -Wl,-z,relro -Wl,-z,now
# and PIE, which gcc builds by default there and CMake asks for explicitly
# (POSITION_INDEPENDENT_CODE with the linker's -pie).
#
# Build types:
#   Debug    the flags dpkg-buildflags gives with DEB_BUILD_OPTIONS=noopt:
#            all of the above but _FORTIFY_SOURCE, which needs an optimised
#            build (glibc warns, and CEKI_WERROR makes that an error)
#   Asan     none: the sanitizers replace the checked functions themselves
#   the libFuzzer build (CEKI_FUZZ with clang, tests/fuzz/run.sh): none,
#            for the same reason
#   others   all of them
# Without dpkg-buildflags (dpkg-dev), the Debian 12 lists above.
#
# ceki_hardening_apply() adds the flags to every target defined after it.

include(CheckPIESupported)

set(CEKI_HARDENING_FALLBACK_CPPFLAGS -D_FORTIFY_SOURCE=2)
set(CEKI_HARDENING_FALLBACK_CFLAGS -fstack-protector-strong -Wformat -Werror=format-security)
set(CEKI_HARDENING_FALLBACK_LDFLAGS -Wl,-z,relro -Wl,-z,now)

# ceki_buildflags_get(OUT WHICH HARDENING NOOPT): dpkg-buildflags --get WHICH
# as a list, with DEB_BUILD_MAINT_OPTIONS=hardening=HARDENING and, when NOOPT,
# DEB_BUILD_OPTIONS=noopt.
function(ceki_buildflags_get out which hardening noopt)
  set(opts "")
  if(noopt)
    set(opts noopt)
  endif()
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env DEB_BUILD_MAINT_OPTIONS=hardening=${hardening}
            DEB_BUILD_OPTIONS=${opts} ${CEKI_DPKG_BUILDFLAGS} --get ${which}
    OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "dpkg-buildflags --get ${which} failed (${rc})")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

# ceki_hardening_flags(OUT WHICH NOOPT): what hardening=+all adds to WHICH.
function(ceki_hardening_flags out which noopt)
  ceki_buildflags_get(with ${which} +all ${noopt})
  ceki_buildflags_get(without ${which} -all ${noopt})
  list(REMOVE_ITEM with ${without})
  set(${out} "${with}" PARENT_SCOPE)
endfunction()

function(ceki_hardening_apply)
  if(CEKI_FUZZ AND CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(STATUS "Hardening: none (the libFuzzer build is a sanitizer build)")
    return()
  endif()
  find_program(CEKI_DPKG_BUILDFLAGS dpkg-buildflags)
  foreach(kind opt noopt)
    if(CEKI_DPKG_BUILDFLAGS)
      set(noopt OFF)
      if(kind STREQUAL "noopt")
        set(noopt ON)
      endif()
      ceki_hardening_flags(cpp CPPFLAGS ${noopt})
      ceki_hardening_flags(c CFLAGS ${noopt})
      ceki_hardening_flags(ld LDFLAGS ${noopt})
    else()
      set(cpp ${CEKI_HARDENING_FALLBACK_CPPFLAGS})
      set(c ${CEKI_HARDENING_FALLBACK_CFLAGS})
      set(ld ${CEKI_HARDENING_FALLBACK_LDFLAGS})
      if(kind STREQUAL "noopt")
        set(cpp "")
      endif()
    endif()
    set(compile_${kind} ${cpp} ${c})
    set(link_${kind} ${ld})
  endforeach()
  message(STATUS "Hardening: ${compile_opt} ${link_opt} (Debug: ${compile_noopt} ${link_noopt}; Asan: none)")
  set(is_debug "$<CONFIG:Debug>")
  set(is_other "$<NOT:$<CONFIG:Debug,Asan>>")
  add_compile_options("$<${is_debug}:${compile_noopt}>" "$<${is_other}:${compile_opt}>")
  add_link_options("$<${is_debug}:${link_noopt}>" "$<${is_other}:${link_opt}>")
  # PIE for the programs (-fPIE and -pie), whichever the compiler's default.
  check_pie_supported(LANGUAGES C)
  set(CMAKE_POSITION_INDEPENDENT_CODE ON PARENT_SCOPE)
endfunction()
