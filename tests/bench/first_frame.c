/* first_frame — starts a program and reports, in milliseconds, how long it
 * takes from exec until the X screen first shows a pixel that is not the
 * background, and the program's peak resident memory (VmHWM) when it has
 * been up for a given time. A benchmark helper for memory_first_frame.sh
 * (run by hand under Xvfb, never in CI):
 *
 *     first_frame SECONDS PROGRAM [ARG...]
 *
 * prints "first_frame_ms N peak_rss_kb M". The screen must be empty (one
 * colour) when it starts; it is sampled every millisecond or so, a whole
 * screen at a time, so the figure's resolution is one sample's time. */
#define _POSIX_C_SOURCE 200809L
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

/* Whether any pixel of the screen differs from the first one. */
static int screen_drawn(Display *d, Window root, int w, int h)
{
    XImage *img = XGetImage(d, root, 0, 0, (unsigned)w, (unsigned)h, AllPlanes, ZPixmap);
    if (img == NULL) {
        return 0;
    }
    unsigned long bg = XGetPixel(img, 0, 0);
    int drawn = 0;
    for (int y = 0; y < h && !drawn; y += 4) {
        for (int x = 0; x < w && !drawn; x += 4) {
            drawn = XGetPixel(img, x, y) != bg;
        }
    }
    XDestroyImage(img);
    return drawn;
}

static long peak_rss_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "VmHWM:", 6) == 0) {
            kb = atol(line + 6);
        }
    }
    if (f != NULL) {
        fclose(f);
    }
    return kb;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: first_frame SECONDS PROGRAM [ARG...]\n");
        return 2;
    }
    double up_ms = atof(argv[1]) * 1000.0;
    Display *d = XOpenDisplay(NULL);
    if (d == NULL) {
        fprintf(stderr, "first_frame: no X display\n");
        return 2;
    }
    Window root = DefaultRootWindow(d);
    int w = DisplayWidth(d, DefaultScreen(d)), h = DisplayHeight(d, DefaultScreen(d));
    if (screen_drawn(d, root, w, h)) {
        fprintf(stderr, "first_frame: the screen is not empty\n");
        return 2;
    }
    double t0 = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        _exit(127);
    }
    double first = -1;
    while (now_ms() - t0 < up_ms) {
        if (first < 0 && screen_drawn(d, root, w, h)) {
            first = now_ms() - t0;
        }
        if (waitpid(pid, NULL, WNOHANG) == pid) {
            fprintf(stderr, "first_frame: %s ended early\n", argv[2]);
            return 1;
        }
        if (first >= 0) {
            nanosleep(&(struct timespec){0, 20000000}, NULL);
        }
    }
    long kb = peak_rss_kb(pid);
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    printf("first_frame_ms %.0f peak_rss_kb %ld\n", first, kb);
    XCloseDisplay(d);
    return first < 0 ? 1 : 0;
}
