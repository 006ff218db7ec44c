/* sim_queue.c — the world's events as a binary heap ordered by time, then
 * by the order they were queued, so two runs of a seed take them alike
 * (sim.h). */
#include <stdlib.h>

#include "sim.h"

#define QUEUE_FIRST 256

static bool queue_before(const SimEvent *a, const SimEvent *b)
{
    return a->at != b->at ? a->at < b->at : a->seq < b->seq;
}

static void queue_swap(SimEvent *a, SimEvent *b)
{
    SimEvent t = *a;
    *a = *b;
    *b = t;
}

bool sim_queue_push(SimQueue *q, const SimEvent *e)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : QUEUE_FIRST;
        SimEvent *ev = realloc(q->ev, cap * sizeof *ev);
        if (!ev)
            return false;
        q->ev = ev;
        q->cap = cap;
    }
    size_t i = q->n++;
    q->ev[i] = *e;
    q->ev[i].seq = q->seq++;
    while (i > 0 && queue_before(&q->ev[i], &q->ev[(i - 1) / 2])) {
        queue_swap(&q->ev[i], &q->ev[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    return true;
}

bool sim_queue_pop(SimQueue *q, SimEvent *out)
{
    if (q->n == 0)
        return false;
    *out = q->ev[0];
    q->ev[0] = q->ev[--q->n];
    for (size_t i = 0;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < q->n && queue_before(&q->ev[l], &q->ev[m]))
            m = l;
        if (r < q->n && queue_before(&q->ev[r], &q->ev[m]))
            m = r;
        if (m == i)
            break;
        queue_swap(&q->ev[i], &q->ev[m]);
        i = m;
    }
    return true;
}

void sim_queue_free(SimQueue *q)
{
    for (size_t i = 0; i < q->n; i++)
        free(q->ev[i].bytes);
    free(q->ev);
    q->ev = NULL;
    q->n = q->cap = 0;
}
