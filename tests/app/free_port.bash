# free_port: prints a UDP port nobody listens on, below the system's
# ephemeral ports (32768 on), so a program started again finds its port
# free. The sockets open are read from /proc/net/udp and udp6 (a port's
# four hex digits after the address); a port seen there, even as another
# socket's far end, is not taken. Sourced by the network window tests;
# defines nothing else.
free_port() {
    local p i hex
    for ((i = 0; i < 200; i++)); do
        p=$((20000 + RANDOM % 12000))
        printf -v hex ':%04X ' "$p"
        grep -q -- "$hex" /proc/net/udp /proc/net/udp6 2>/dev/null || {
            echo "$p"
            return 0
        }
    done
    return 1
}
