# Writes a program's manual page from its template and its own --help
# (script mode, run by the build after the program is linked):
#
#   cmake -DPROG=build/ceki-server -DTEMPLATE=ceki-server.6.in -DOUT=dir/ceki-server.6
#         -DVERSION=0.1.0 -DDATE=2026-11-21 -DGZIP=/usr/bin/gzip -P man_write.cmake
#
# The template's @CEKI_MAN_HELP@ line becomes what `PROG --help` prints, word
# for word (escaped for roff, in a no-fill block), so the page cannot say
# other than the program does. Writes OUT and OUT.gz (gzip -9n: no name, no
# time stamp, as Debian wants its manual pages).
cmake_minimum_required(VERSION 3.25)
foreach(var PROG TEMPLATE OUT VERSION DATE GZIP)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "man_write.cmake: -D${var}=... is missing")
  endif()
endforeach()

# Run through a link named PROG-help: a build that runs a process named
# like the game would look, to whoever watches for the game, as the game
# started and ended (the new-machine check of the README's first command).
set(helper "${OUT}.help-run")
file(CREATE_LINK "${PROG}" "${helper}" SYMBOLIC)
execute_process(COMMAND ${helper} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc
                ERROR_VARIABLE err)
file(REMOVE "${helper}")
if(NOT rc EQUAL 0 OR help STREQUAL "")
  message(FATAL_ERROR "${PROG} --help failed (${rc}): ${err}")
endif()

# roff: a backslash is \e, a minus is \- (not a hyphen), and a line that
# starts with a dot or an apostrophe would be a request (\& before it).
string(REPLACE "\\" "\\e" help "${help}")
string(REPLACE "-" "\\-" help "${help}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
string(REGEX REPLACE "\n$" "" help "${help}")
set(CEKI_MAN_HELP ".nf\n${help}\n.fi")
set(CEKI_MAN_HELP_MARK "@CEKI_MAN_HELP_MARK@")
set(CEKI_MAN_DATE "${DATE}")
set(CEKI_VERSION "${VERSION}")

file(READ "${TEMPLATE}" text)
string(REPLACE "@CEKI_MAN_HELP@" "@CEKI_MAN_HELP_MARK@" text "${text}")
string(CONFIGURE "${text}" text @ONLY)
string(REPLACE "@CEKI_MAN_HELP_MARK@" "" rest "${text}")
if(rest MATCHES "@[A-Z_]+@")
  message(FATAL_ERROR "${TEMPLATE}: ${CMAKE_MATCH_0} is not filled in")
endif()
if(rest STREQUAL text)
  message(FATAL_ERROR "${TEMPLATE} has no @CEKI_MAN_HELP@ line")
endif()
string(REPLACE "@CEKI_MAN_HELP_MARK@" "${CEKI_MAN_HELP}" text "${text}")
file(WRITE "${OUT}" "${text}")
execute_process(COMMAND ${GZIP} -9nc "${OUT}" OUTPUT_FILE "${OUT}.gz" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip ${OUT} failed (${rc})")
endif()
