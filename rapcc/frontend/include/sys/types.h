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
/* glibc's <sys/types.h> declares the signed exact-width types (bits/stdint-intn.h)
 * and BSD's u_int*_t; through <stdlib.h> nvcc makes them visible without an #include. */
typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ u_int8_t;
typedef __UINT16_TYPE__ u_int16_t;
typedef __UINT32_TYPE__ u_int32_t;
typedef __UINT64_TYPE__ u_int64_t;
#endif
