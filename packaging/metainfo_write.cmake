# Script mode of ceki_metainfo_write (packaging/addresses.cmake), for the
# packaging_addresses test:
#   cmake -DCEKI_HOMEPAGE=... -DIN=template -DOUT=file -P packaging/metainfo_write.cmake
if(NOT DEFINED IN OR NOT DEFINED OUT)
  message(FATAL_ERROR "usage: cmake [-DCEKI_HOMEPAGE=URL] -DIN=TEMPLATE -DOUT=FILE -P metainfo_write.cmake")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/addresses.cmake)
ceki_metainfo_write("${IN}" "${OUT}")
