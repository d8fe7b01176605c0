/* rapcc stand-in for <ctype.h> (declarations only). */
#ifndef RAPCC_CTYPE_H
#define RAPCC_CTYPE_H
#include <rapcc_internal.h>
_RAPCC_BEGIN_C
int isalnum(int); int isalpha(int); int isblank(int); int iscntrl(int); int isdigit(int);
int isgraph(int); int islower(int); int isprint(int); int ispunct(int); int isspace(int);
int isupper(int); int isxdigit(int); int tolower(int); int toupper(int);
_RAPCC_END_C
#endif
