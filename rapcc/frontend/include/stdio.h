/* rapcc stand-in for <stdio.h> (declarations only). printf is callable from
 * host and device code, as with nvcc. */
#ifndef RAPCC_STDIO_H
#define RAPCC_STDIO_H
#include <rapcc_internal.h>
typedef struct _IO_FILE FILE;
typedef struct { long long __pos; } fpos_t;
typedef long ssize_t;
#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 16
#define L_tmpnam 20
#define TMP_MAX 238328
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
_RAPCC_BEGIN_C
extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
_RAPCC_HD int printf(const char *, ...);
_RAPCC_HD int vprintf(const char *, __builtin_va_list);
int fprintf(FILE *, const char *, ...);
int sprintf(char *, const char *, ...);
int snprintf(char *, size_t, const char *, ...);
int vfprintf(FILE *, const char *, __builtin_va_list);
int vsprintf(char *, const char *, __builtin_va_list);
int vsnprintf(char *, size_t, const char *, __builtin_va_list);
int scanf(const char *, ...);
int fscanf(FILE *, const char *, ...);
int sscanf(const char *, const char *, ...);
int vscanf(const char *, __builtin_va_list);
int vfscanf(FILE *, const char *, __builtin_va_list);
int vsscanf(const char *, const char *, __builtin_va_list);
FILE *fopen(const char *, const char *);
FILE *freopen(const char *, const char *, FILE *);
FILE *fdopen(int, const char *);
FILE *popen(const char *, const char *);
int pclose(FILE *);
int fclose(FILE *);
int fflush(FILE *);
void setbuf(FILE *, char *);
int setvbuf(FILE *, char *, int, size_t);
int fgetc(FILE *);
int getc(FILE *);
int getchar(void);
char *fgets(char *, int, FILE *);
int fputc(int, FILE *);
int putc(int, FILE *);
int putchar(int);
int fputs(const char *, FILE *);
int puts(const char *);
int ungetc(int, FILE *);
size_t fread(void *, size_t, size_t, FILE *);
size_t fwrite(const void *, size_t, size_t, FILE *);
int fgetpos(FILE *, fpos_t *);
int fsetpos(FILE *, const fpos_t *);
int fseek(FILE *, long, int);
int fseeko(FILE *, long, int);
long ftell(FILE *);
long ftello(FILE *);
void rewind(FILE *);
void clearerr(FILE *);
int feof(FILE *);
int ferror(FILE *);
int fileno(FILE *);
void perror(const char *);
int remove(const char *);
int rename(const char *, const char *);
FILE *tmpfile(void);
char *tmpnam(char *);
ssize_t getline(char **, size_t *, FILE *);
ssize_t getdelim(char **, size_t *, int, FILE *);
_RAPCC_END_C
#endif
