/* rapcc stand-in for <cuda.h> (declarations only): the commonly used part of
 * the driver API. The runtime declarations come from rapcc_cuda_shim.h. */
#ifndef RAPCC_CUDA_H
#define RAPCC_CUDA_H
#include "rapcc_cuda_shim.h"
typedef int CUresult;
#define CUDA_SUCCESS 0
#define CUDA_ERROR_INVALID_VALUE 1
#define CUDA_ERROR_OUT_OF_MEMORY 2
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef enum CUdevice_attribute_enum { CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76 } CUdevice_attribute;
typedef enum CUfunction_attribute_enum { CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8 } CUfunction_attribute;
extern "C" {
CUresult cuInit(unsigned int);
CUresult cuDriverGetVersion(int *);
CUresult cuDeviceGet(CUdevice *, int);
CUresult cuDeviceGetCount(int *);
CUresult cuDeviceGetName(char *, int, CUdevice);
CUresult cuDeviceGetAttribute(int *, CUdevice_attribute, CUdevice);
CUresult cuDeviceTotalMem(size_t *, CUdevice);
CUresult cuCtxCreate(CUcontext *, unsigned int, CUdevice);
CUresult cuCtxDestroy(CUcontext);
CUresult cuCtxSynchronize(void);
CUresult cuDevicePrimaryCtxRetain(CUcontext *, CUdevice);
CUresult cuCtxSetCurrent(CUcontext);
CUresult cuModuleLoad(CUmodule *, const char *);
CUresult cuModuleLoadData(CUmodule *, const void *);
CUresult cuModuleLoadDataEx(CUmodule *, const void *, unsigned int, int *, void **);
CUresult cuModuleUnload(CUmodule);
CUresult cuModuleGetFunction(CUfunction *, CUmodule, const char *);
CUresult cuModuleGetGlobal(CUdeviceptr *, size_t *, CUmodule, const char *);
CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int);
CUresult cuLaunchKernel(CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int,
                        unsigned int, CUstream, void **, void **);
CUresult cuMemAlloc(CUdeviceptr *, size_t);
CUresult cuMemFree(CUdeviceptr);
CUresult cuMemcpyHtoD(CUdeviceptr, const void *, size_t);
CUresult cuMemcpyDtoH(void *, CUdeviceptr, size_t);
CUresult cuMemcpyDtoD(CUdeviceptr, CUdeviceptr, size_t);
CUresult cuMemsetD8(CUdeviceptr, unsigned char, size_t);
CUresult cuMemsetD32(CUdeviceptr, unsigned int, size_t);
CUresult cuStreamCreate(CUstream *, unsigned int);
CUresult cuStreamSynchronize(CUstream);
CUresult cuStreamDestroy(CUstream);
CUresult cuGetErrorString(CUresult, const char **);
CUresult cuGetErrorName(CUresult, const char **);
}
#endif
