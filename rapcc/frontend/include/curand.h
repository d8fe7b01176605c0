/* rapcc stand-in for <curand.h> (declarations only): the host generator API. */
#ifndef RAPCC_CURAND_H
#define RAPCC_CURAND_H
#include "rapcc_cuda_shim.h"
typedef enum curandStatus { CURAND_STATUS_SUCCESS = 0, CURAND_STATUS_VERSION_MISMATCH = 100, CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102, CURAND_STATUS_TYPE_ERROR = 103, CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LAUNCH_FAILURE = 201, CURAND_STATUS_INTERNAL_ERROR = 999 } curandStatus_t;
typedef enum curandRngType { CURAND_RNG_TEST = 0, CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121, CURAND_RNG_PSEUDO_MTGP32 = 141, CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161, CURAND_RNG_QUASI_DEFAULT = 200, CURAND_RNG_QUASI_SOBOL32 = 201 } curandRngType_t;
typedef struct curandGenerator_st *curandGenerator_t;
extern "C" {
curandStatus_t curandCreateGenerator(curandGenerator_t *, curandRngType_t);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *, curandRngType_t);
curandStatus_t curandDestroyGenerator(curandGenerator_t);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t, unsigned long long);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t, unsigned long long);
curandStatus_t curandSetStream(curandGenerator_t, cudaStream_t);
curandStatus_t curandGenerate(curandGenerator_t, unsigned int *, size_t);
curandStatus_t curandGenerateUniform(curandGenerator_t, float *, size_t);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t, double *, size_t);
curandStatus_t curandGenerateNormal(curandGenerator_t, float *, size_t, float, float);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t, double *, size_t, double, double);
curandStatus_t curandGenerateLogNormal(curandGenerator_t, float *, size_t, float, float);
curandStatus_t curandGeneratePoisson(curandGenerator_t, unsigned int *, size_t, double);
}
#endif
