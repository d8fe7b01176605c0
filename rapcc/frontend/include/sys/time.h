/* rapcc stand-in for <sys/time.h> (declarations only). */
#ifndef RAPCC_SYS_TIME_H
#define RAPCC_SYS_TIME_H
#include <time.h>
struct timeval { time_t tv_sec; suseconds_t tv_usec; };
struct timezone { int tz_minuteswest; int tz_dsttime; };
_RAPCC_BEGIN_C
int gettimeofday(struct timeval *, void *);
_RAPCC_END_C
#endif
