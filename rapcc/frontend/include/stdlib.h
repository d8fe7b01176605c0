/* rapcc stand-in for <stdlib.h> (declarations only). malloc, free and abs are
 * callable from host and device code, as with nvcc. */
#ifndef RAPCC_STDLIB_H
#define RAPCC_STDLIB_H
#include <rapcc_internal.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX 1
typedef struct { int quot, rem; } div_t;
typedef struct { long quot, rem; } ldiv_t;
typedef struct { long long quot, rem; } lldiv_t;
_RAPCC_BEGIN_C
_RAPCC_HD void *malloc(size_t);
_RAPCC_HD void free(void *);
void *calloc(size_t, size_t);
void *realloc(void *, size_t);
void *aligned_alloc(size_t, size_t);
int posix_memalign(void **, size_t, size_t);
void *memalign(size_t, size_t);
void *valloc(size_t);
int atoi(const char *);
long atol(const char *);
long long atoll(const char *);
double atof(const char *);
long strtol(const char *, char **, int);
unsigned long strtoul(const char *, char **, int);
long long strtoll(const char *, char **, int);
unsigned long long strtoull(const char *, char **, int);
float strtof(const char *, char **);
double strtod(const char *, char **);
int rand(void);
void srand(unsigned int);
int rand_r(unsigned int *);
long random(void);
void srandom(unsigned int);
double drand48(void);
double erand48(unsigned short[3]);
long lrand48(void);
long nrand48(unsigned short[3]);
long mrand48(void);
void srand48(long);
unsigned short *seed48(unsigned short[3]);
void exit(int) __attribute__((noreturn));
void _Exit(int) __attribute__((noreturn));
void abort(void) __attribute__((noreturn));
int atexit(void (*)(void));
char *getenv(const char *);
int setenv(const char *, const char *, int);
int unsetenv(const char *);
int system(const char *);
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void *bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
_RAPCC_HD int abs(int);
_RAPCC_HD long labs(long);
_RAPCC_HD long long llabs(long long);
div_t div(int, int);
ldiv_t ldiv(long, long);
lldiv_t lldiv(long long, long long);
int mkstemp(char *);
char *realpath(const char *, char *);
_RAPCC_END_C
#ifdef __cplusplus
/* The C++ overloads of abs (<cstdlib>/<cmath> declare them in C++). */
_RAPCC_HD long abs(long);
_RAPCC_HD long long abs(long long);
_RAPCC_HD float abs(float);
_RAPCC_HD double abs(double);
#endif
#endif
