/* rapcc stand-in for the CUDA samples' <helper_cuda.h> (declarations only):
 * checkCudaErrors / getLastCudaError and the device-selection helpers. */
#ifndef RAPCC_HELPER_CUDA_H
#define RAPCC_HELPER_CUDA_H
#include "rapcc_cuda_shim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <helper_string.h>
#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif
#ifndef MAX
#define MAX(a, b) (a > b ? a : b)
#endif
#ifndef MIN
#define MIN(a, b) (a < b ? a : b)
#endif
const char *_cudaGetErrorEnum(cudaError_t error);
template <typename T> void check(T result, char const *const func, const char *const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\" \n", file, line, (int)result, func);
    exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
void __getLastCudaError(const char *errorMessage, const char *file, const int line);
void __printLastCudaError(const char *errorMessage, const char *file, const int line);
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
#define printLastCudaError(msg) __printLastCudaError(msg, __FILE__, __LINE__)
int _ConvertSMVer2Cores(int major, int minor);
const char *_ConvertSMVer2ArchName(int major, int minor);
int gpuDeviceInit(int devID);
int gpuGetMaxGflopsDeviceId();
int findCudaDevice(int argc, const char **argv);
int findIntegratedGPU();
bool checkCudaCapabilities(int major_version, int minor_version);
#endif
