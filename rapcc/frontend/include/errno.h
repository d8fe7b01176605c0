/* rapcc stand-in for <errno.h> (declarations only). */
#ifndef RAPCC_ERRNO_H
#define RAPCC_ERRNO_H
#include <rapcc_internal.h>
_RAPCC_BEGIN_C
int *__errno_location(void);
_RAPCC_END_C
#define errno (*__errno_location())
#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define ENOMEM 12
#define EACCES 13
#define EEXIST 17
#define EINVAL 22
#define ERANGE 34
#define EDOM 33
#endif
