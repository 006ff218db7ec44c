/* main.c — the ceki program: parse the command line, then either render a
 * screenshot headless or run the window. */
#include <stdio.h>

#include "args.h"
#include "launch.h"

int main(int argc, char **argv)
{
    AppArgs args;
    char err[256];
    if (!args_parse(argc, argv, &args, err, sizeof err)) {
        fprintf(stderr, "ceki: %s\n", err);
        return 2;
    }
    if (args.help) {
        fputs(args_usage(), stdout);
        return 0;
    }
    if (args.import || args.export) {
        return launch_records(&args);
    }
    if (args_network(&args) && (args.autoplay || args.join == NULL)) {
        return launch_net(&args); /* a network table */
    }
    if (args.autoplay) {
        return launch_autoplay(&args);
    }
    if (args.autoplay_after >= 0) {
        return launch_window_watched(&args); /* a window test's (launch_net.c) */
    }
    return args.screenshot != NULL ? launch_screenshot(&args) : launch_window(&args);
}
