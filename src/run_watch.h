/* --watch: every program as it starts, shown as -a shows a process. */
#ifndef AUXV_RUN_WATCH_H
#define AUXV_RUN_WATCH_H

#include "run_show.h"

int run_watch(struct run *);

#endif
