/* rapcc stand-in for <string.h> (declarations only). memcpy and memset are
 * callable from host and device code, as with nvcc. */
#ifndef RAPCC_STRING_H
#define RAPCC_STRING_H
#include <rapcc_internal.h>
_RAPCC_BEGIN_C
_RAPCC_HD void *memcpy(void *, const void *, size_t);
_RAPCC_HD void *memset(void *, int, size_t);
void *memmove(void *, const void *, size_t);
int memcmp(const void *, const void *, size_t);
void *memchr(const void *, int, size_t);
char *strcpy(char *, const char *);
char *strncpy(char *, const char *, size_t);
char *strcat(char *, const char *);
char *strncat(char *, const char *, size_t);
int strcmp(const char *, const char *);
int strncmp(const char *, const char *, size_t);
int strcoll(const char *, const char *);
int strcasecmp(const char *, const char *);
int strncasecmp(const char *, const char *, size_t);
size_t strlen(const char *);
size_t strnlen(const char *, size_t);
char *strchr(const char *, int);
char *strrchr(const char *, int);
char *strstr(const char *, const char *);
char *strpbrk(const char *, const char *);
size_t strspn(const char *, const char *);
size_t strcspn(const char *, const char *);
char *strtok(char *, const char *);
char *strtok_r(char *, const char *, char **);
char *strdup(const char *);
char *strndup(const char *, size_t);
char *strerror(int);
_RAPCC_END_C
#endif
