# The project's addresses: where it lives, where bugs go, where
# its screenshots are published and who maintains the .deb. Nothing in the
# tree names an address of its own; a build names one only when it is given:
#
#   cmake -DCEKI_HOMEPAGE=https://example.org/ceki -DCEKI_MAINTAINER="Name <a@b>" ...
#
# CEKI_HOMEPAGE          empty (default): the metainfo has no homepage,
#                        bug-tracker, source or screenshot address, the .deb
#                        no Homepage, the translations no bug address.
# CEKI_BUGS_URL          empty: <CEKI_HOMEPAGE>/issues when a homepage is set.
# CEKI_SCREENSHOTS_URL   the published folder holding packaging/screenshots/*.png;
#                        empty: for a homepage https://github.com/OWNER/REPO,
#                        that repository's raw files at HEAD, otherwise none
#                        (and then the metainfo lists no screenshots).
# CEKI_MAINTAINER        the .deb's Maintainer, "Name <address>"; empty: "The
#                        Ceki developers" at an address of the reserved
#                        top-level domain .invalid (RFC 2606, RFC 6761: no
#                        such address can exist), which gives the field the
#                        "Name <address>" form Debian Policy 5.6.2 requires
#                        while saying there is no address, rather than a
#                        made-up one.
#
# ceki_addresses_resolve() checks the settings (an address that is not
# http(s), or has a space, stops the configuration with the setting named)
# and sets the CEKI_*_RESOLVED variables in the caller's scope;
# ceki_metainfo_write(IN OUT) writes the metainfo from its template. Both
# also run in script mode (packaging/metainfo_write.cmake).

set(CEKI_DEFAULT_MAINTAINER "The Ceki developers <no-address@ceki.invalid>")

# ceki_address_check(NAME VALUE): an address setting is empty or http(s)://…
# with no white space.
function(ceki_address_check name value)
  if(NOT value STREQUAL "" AND NOT value MATCHES "^https?://[^ \t\r\n<>\"]+$")
    message(FATAL_ERROR "${name} must be an http:// or https:// address with no spaces, "
                        "or empty (got '${value}')")
  endif()
endfunction()

function(ceki_addresses_resolve)
  set(home "${CEKI_HOMEPAGE}")
  set(bugs "${CEKI_BUGS_URL}")
  set(shots "${CEKI_SCREENSHOTS_URL}")
  foreach(var home bugs shots)
    string(REGEX REPLACE "/+$" "" ${var} "${${var}}")
  endforeach()
  ceki_address_check(CEKI_HOMEPAGE "${home}")
  ceki_address_check(CEKI_BUGS_URL "${bugs}")
  ceki_address_check(CEKI_SCREENSHOTS_URL "${shots}")
  if(bugs STREQUAL "" AND NOT home STREQUAL "")
    set(bugs "${home}/issues")
  endif()
  if(shots STREQUAL "" AND home MATCHES "^https://github\\.com/([^/]+/[^/]+)$")
    set(shots "https://raw.githubusercontent.com/${CMAKE_MATCH_1}/HEAD/packaging/screenshots")
  endif()
  set(maint "${CEKI_MAINTAINER}")
  if(NOT maint STREQUAL "" AND NOT maint MATCHES "^[^<>@\r\n]*[^<>@ \t\r\n] <[^<>@ \t\r\n]+@[^<>@ \t\r\n]+\\.[^<>@ \t\r\n]+>$")
    message(FATAL_ERROR "CEKI_MAINTAINER must be one line \"Name <user@host.domain>\", "
                        "or empty (got '${maint}')")
  endif()
  if(maint STREQUAL "")
    set(maint "${CEKI_DEFAULT_MAINTAINER}")
  endif()
  set(CEKI_HOMEPAGE_RESOLVED "${home}" PARENT_SCOPE)
  set(CEKI_BUGS_URL_RESOLVED "${bugs}" PARENT_SCOPE)
  set(CEKI_SCREENSHOTS_URL_RESOLVED "${shots}" PARENT_SCOPE)
  set(CEKI_MAINTAINER_RESOLVED "${maint}" PARENT_SCOPE)
endfunction()

# ceki_metainfo_write(IN OUT): the template's @CEKI_METAINFO_URLS@ line becomes
# the <url> lines of the addresses that are set, and its screenshots block
# (between the <!-- screenshots --> marks) is kept, pointing at the published
# folder, only when there is one; each screenshot names a file of
# packaging/screenshots/, which the packaging_addresses test checks.
function(ceki_metainfo_write in out)
  ceki_addresses_resolve()
  set(urls "")
  if(NOT CEKI_HOMEPAGE_RESOLVED STREQUAL "")
    string(APPEND urls "  <url type=\"homepage\">${CEKI_HOMEPAGE_RESOLVED}</url>\n")
    string(APPEND urls "  <url type=\"vcs-browser\">${CEKI_HOMEPAGE_RESOLVED}</url>\n")
  endif()
  if(NOT CEKI_BUGS_URL_RESOLVED STREQUAL "")
    string(APPEND urls "  <url type=\"bugtracker\">${CEKI_BUGS_URL_RESOLVED}</url>\n")
  endif()
  if(NOT urls STREQUAL "")
    string(APPEND urls "\n")
  endif()
  file(READ "${in}" text)
  if(CEKI_SCREENSHOTS_URL_RESOLVED STREQUAL "")
    string(REGEX REPLACE "[ ]*<!-- screenshots -->.*<!-- /screenshots -->\n\n?" "" text "${text}")
  else()
    string(REGEX REPLACE "[ ]*<!-- /?screenshots -->\n" "" text "${text}")
  endif()
  # The addresses' line is replaced whole: without them, no empty line stays.
  string(REPLACE "@CEKI_METAINFO_URLS@\n" "${urls}" text "${text}")
  set(CEKI_METAINFO_SCREENSHOTS "${CEKI_SCREENSHOTS_URL_RESOLVED}")
  string(CONFIGURE "${text}" text @ONLY)
  file(WRITE "${out}.tmp" "${text}")
  file(COPY_FILE "${out}.tmp" "${out}" ONLY_IF_DIFFERENT)
  file(REMOVE "${out}.tmp")
endfunction()
