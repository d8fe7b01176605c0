/* rapcc stand-in for <unistd.h> (declarations only). */
#ifndef RAPCC_UNISTD_H
#define RAPCC_UNISTD_H
#include <sys/types.h>
#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PAGESIZE 30
_RAPCC_BEGIN_C
extern char *optarg;
extern int optind, opterr, optopt;
int getopt(int, char *const[], const char *);
unsigned int sleep(unsigned int);
int usleep(unsigned int);
int access(const char *, int);
int close(int);
ssize_t read(int, void *, size_t);
ssize_t write(int, const void *, size_t);
off_t lseek(int, off_t, int);
pid_t getpid(void);
long sysconf(int);
int gethostname(char *, size_t);
char *getcwd(char *, size_t);
int unlink(const char *);
_RAPCC_END_C
#endif
