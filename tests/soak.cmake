# The soak: `cmake --build build --target soak` plays CEKI_SOAK_ROUNDS random
# rounds of every variant (default 10^6) through test_selfplay, which checks
# the invariants of RULES.md §5 after every move and prints rounds and moves
# per variant. It takes the better part of an hour on one core; it is not part
# of ctest or CI.
set(CEKI_SOAK_ROUNDS 1000000 CACHE STRING "Rounds per variant for the soak target")
add_custom_target(soak
                  COMMAND ${CMAKE_COMMAND} -E env CEKI_SELFPLAY_ROUNDS=${CEKI_SOAK_ROUNDS}
                          $<TARGET_FILE:test_selfplay>
                  DEPENDS test_selfplay
                  USES_TERMINAL
                  COMMENT "Soak: ${CEKI_SOAK_ROUNDS} self-play rounds per variant")
