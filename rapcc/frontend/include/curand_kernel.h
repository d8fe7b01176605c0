/* rapcc stand-in for <curand_kernel.h> (declarations only): the device-side
 * generator states and the curand_init / curand / curand_uniform /
 * curand_normal family. */
#ifndef RAPCC_CURAND_KERNEL_H
#define RAPCC_CURAND_KERNEL_H
#include "rapcc_cuda_shim.h"
#include <curand.h>
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag, boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
struct curandStatePhilox4_32_10 { uint4 ctr; uint4 output; uint2 key; unsigned int STATE; int boxmuller_flag, boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
struct curandStateMRG32k3a { unsigned int s1[3], s2[3]; int boxmuller_flag, boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
typedef struct curandStateSobol32 curandStateSobol32_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef unsigned int curandDirectionVectors32_t[32];
#define RAPCC_CURAND(S) \
  __device__ unsigned int curand(S *); \
  __device__ float curand_uniform(S *); \
  __device__ double curand_uniform_double(S *); \
  __device__ float curand_normal(S *); \
  __device__ double curand_normal_double(S *); \
  __device__ float2 curand_normal2(S *); \
  __device__ double2 curand_normal2_double(S *); \
  __device__ float curand_log_normal(S *, float, float); \
  __device__ double curand_log_normal_double(S *, double, double); \
  __device__ unsigned int curand_poisson(S *, double); \
  __device__ void skipahead(unsigned long long, S *); \
  __device__ void skipahead_sequence(unsigned long long, S *);
RAPCC_CURAND(curandStateXORWOW_t)
RAPCC_CURAND(curandStatePhilox4_32_10_t)
RAPCC_CURAND(curandStateMRG32k3a_t)
#undef RAPCC_CURAND
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, curandStateXORWOW_t *state);
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, curandStatePhilox4_32_10_t *state);
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, curandStateMRG32k3a_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset, curandStateSobol32_t *state);
__device__ unsigned int curand(curandStateSobol32_t *);
__device__ float curand_uniform(curandStateSobol32_t *);
__device__ float curand_normal(curandStateSobol32_t *);
__device__ uint4 curand4(curandStatePhilox4_32_10_t *);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *);
#endif
