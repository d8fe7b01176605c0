/* rapcc stand-in for <malloc.h> (declarations only). */
#ifndef RAPCC_MALLOC_H
#define RAPCC_MALLOC_H
#include <stdlib.h>
_RAPCC_BEGIN_C
size_t malloc_usable_size(void *);
int malloc_trim(size_t);
_RAPCC_END_C
#endif
