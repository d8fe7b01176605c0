/* rapcc stand-in for <sys/types.h> (declarations only). */
#ifndef RAPCC_SYS_TYPES_H
#define RAPCC_SYS_TYPES_H
#include <rapcc_internal.h>
typedef long ssize_t;
typedef long off_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef long time_t;
typedef long suseconds_t;
#endif
