/* rapcc stand-in for <strings.h> (declarations only). */
#ifndef RAPCC_STRINGS_H
#define RAPCC_STRINGS_H
#include <string.h>
_RAPCC_BEGIN_C
void bzero(void *, size_t);
void bcopy(const void *, void *, size_t);
int ffs(int);
_RAPCC_END_C
#endif
