/* rapcc stand-in: the CUDA 12 extended launch API (driver_types.h,
 * cuda_runtime_api.h, cuda_runtime.h, cuda_device_runtime_api.h), with the
 * real names, field order and enumerator values (checked against the CUDA 13
 * toolkit's headers; CUDA 13 adds NvlinkUtilCentricScheduling = 16). The
 * launch-shape reader (frontend/host_interp.py) reads `cudaLaunchKernelEx`
 * calls on these types field by field. Included by rapcc_cuda_shim.h;
 * declarations only. */
#ifndef RAPCC_CUDA_LAUNCH_H
#define RAPCC_CUDA_LAUNCH_H

enum __device_builtin__ cudaAccessProperty {
  cudaAccessPropertyNormal = 0,
  cudaAccessPropertyStreaming = 1,
  cudaAccessPropertyPersisting = 2
};
struct __device_builtin__ cudaAccessPolicyWindow {
  void *base_ptr;
  size_t num_bytes;
  float hitRatio;
  enum cudaAccessProperty hitProp;
  enum cudaAccessProperty missProp;
};
enum __device_builtin__ cudaSynchronizationPolicy {
  cudaSyncPolicyAuto = 1,
  cudaSyncPolicySpin = 2,
  cudaSyncPolicyYield = 3,
  cudaSyncPolicyBlockingSync = 4
};
enum __device_builtin__ cudaClusterSchedulingPolicy {
  cudaClusterSchedulingPolicyDefault = 0,
  cudaClusterSchedulingPolicySpread = 1,
  cudaClusterSchedulingPolicyLoadBalancing = 2
};
typedef __device_builtin__ enum cudaLaunchMemSyncDomain {
  cudaLaunchMemSyncDomainDefault = 0,
  cudaLaunchMemSyncDomainRemote = 1
} cudaLaunchMemSyncDomain;
typedef __device_builtin__ struct cudaLaunchMemSyncDomainMap_st {
  unsigned char default_;
  unsigned char remote;
} cudaLaunchMemSyncDomainMap;
typedef struct CUgraphDeviceUpdatableNode_st *cudaGraphDeviceNode_t;
typedef __device_builtin__ struct CUkern_st *cudaKernel_t;

typedef __device_builtin__ enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0,
  cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4,
  cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6,
  cudaLaunchAttributeProgrammaticEvent = 7,
  cudaLaunchAttributePriority = 8,
  cudaLaunchAttributeMemSyncDomainMap = 9,
  cudaLaunchAttributeMemSyncDomain = 10,
  cudaLaunchAttributePreferredClusterDimension = 11,
  cudaLaunchAttributeLaunchCompletionEvent = 12,
  cudaLaunchAttributeDeviceUpdatableKernelNode = 13,
  cudaLaunchAttributePreferredSharedMemoryCarveout = 14,
  cudaLaunchAttributeNvlinkUtilCentricScheduling = 16
} cudaLaunchAttributeID;

typedef __device_builtin__ union cudaLaunchAttributeValue {
  char pad[64];
  struct cudaAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  enum cudaSynchronizationPolicy syncPolicy;
  struct { unsigned int x; unsigned int y; unsigned int z; } clusterDim;
  enum cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  struct { cudaEvent_t event; int flags; int triggerAtBlockStart; } programmaticEvent;
  int priority;
  cudaLaunchMemSyncDomainMap memSyncDomainMap;
  cudaLaunchMemSyncDomain memSyncDomain;
  struct { unsigned int x; unsigned int y; unsigned int z; } preferredClusterDim;
  struct { cudaEvent_t event; int flags; } launchCompletionEvent;
  struct { int deviceUpdatable; cudaGraphDeviceNode_t devNode; } deviceUpdatableKernelNode;
  unsigned int sharedMemCarveout;
  unsigned int nvlinkUtilCentricScheduling;
} cudaLaunchAttributeValue;

typedef __device_builtin__ struct cudaLaunchAttribute_st {
  cudaLaunchAttributeID id;
  char pad[8 - sizeof(cudaLaunchAttributeID)];
  cudaLaunchAttributeValue val;
} cudaLaunchAttribute;

typedef __device_builtin__ struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;

extern __host__ cudaError_t CUDARTAPI cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
template <typename... ExpTypes, typename... ActTypes>
static __inline__ __host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(ExpTypes...),
                                                          ActTypes &&...args);
template <typename... ActTypes>
static __inline__ __host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, const cudaKernel_t kernel,
                                                          ActTypes &&...args);

/* Programmatic dependent launch, in device code (cuda_device_runtime_api.h). */
static inline __device__ void CUDARTAPI cudaTriggerProgrammaticLaunchCompletion(void) {}
static inline __device__ void CUDARTAPI cudaGridDependencySynchronize(void) {}
#endif
