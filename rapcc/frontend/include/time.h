/* rapcc stand-in for <time.h> (declarations only). clock() is callable from
 * host and device code, as with nvcc. */
#ifndef RAPCC_TIME_H
#define RAPCC_TIME_H
#include <rapcc_internal.h>
typedef long clock_t;
typedef long time_t;
typedef long suseconds_t;
typedef int clockid_t;
#define CLOCKS_PER_SEC ((clock_t)1000000)
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define TIME_UTC 1
struct tm {
  int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst;
  long tm_gmtoff;
  const char *tm_zone;
};
struct timespec { time_t tv_sec; long tv_nsec; };
_RAPCC_BEGIN_C
_RAPCC_HD clock_t clock(void);
time_t time(time_t *);
double difftime(time_t, time_t);
time_t mktime(struct tm *);
struct tm *localtime(const time_t *);
struct tm *localtime_r(const time_t *, struct tm *);
struct tm *gmtime(const time_t *);
struct tm *gmtime_r(const time_t *, struct tm *);
char *asctime(const struct tm *);
char *ctime(const time_t *);
size_t strftime(char *, size_t, const char *, const struct tm *);
int nanosleep(const struct timespec *, struct timespec *);
int clock_gettime(clockid_t, struct timespec *);
int clock_getres(clockid_t, struct timespec *);
int timespec_get(struct timespec *, int);
_RAPCC_END_C
#endif
