/* rapcc stand-in for <omp.h> (declarations only): the OpenMP runtime calls
 * that host code next to kernels commonly makes. */
#ifndef RAPCC_OMP_H
#define RAPCC_OMP_H
#include <rapcc_internal.h>
typedef struct { void *_p; } omp_lock_t;
typedef struct { void *_p; } omp_nest_lock_t;
_RAPCC_BEGIN_C
void omp_set_num_threads(int);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int);
int omp_get_dynamic(void);
void omp_set_nested(int);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_init_lock(omp_lock_t *);
void omp_destroy_lock(omp_lock_t *);
void omp_set_lock(omp_lock_t *);
void omp_unset_lock(omp_lock_t *);
int omp_test_lock(omp_lock_t *);
_RAPCC_END_C
#endif
