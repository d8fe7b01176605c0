/* rapcc's stand-in for the CUDA toolkit headers, force-included before every
 * parse. It gives libclang (the pip wheel, with no resource headers and no
 * CUDA toolkit) what it needs to type-check device code: the qualifiers, the
 * thread-index builtins, vector types, intrinsics, atomics and math functions.
 * Only declarations: rapcc never compiles through this file. */
#ifndef RAPCC_CUDA_SHIM_H
#define RAPCC_CUDA_SHIM_H
#define __RAPCC__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define __CUDA_ARCH__ 900
#define __NVCC__ 1
#define CUDART_VERSION 12000
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__
#define CUDART_CB

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;

#define RAPCC_VEC2(T, N) struct __attribute__((aligned(2 * sizeof(T)))) N##2 { T x, y; };
#define RAPCC_VEC3(T, N) struct N##3 { T x, y, z; };
#define RAPCC_VEC4(T, N) struct __attribute__((aligned(4 * sizeof(T) > 16 ? 16 : 4 * sizeof(T)))) N##4 { T x, y, z, w; };
#define RAPCC_VECS(T, N) RAPCC_VEC2(T, N) RAPCC_VEC3(T, N) RAPCC_VEC4(T, N) \
  struct N##1 { T x; };
RAPCC_VECS(char, char)
RAPCC_VECS(unsigned char, uchar)
RAPCC_VECS(short, short)
RAPCC_VECS(unsigned short, ushort)
RAPCC_VECS(int, int)
RAPCC_VECS(unsigned int, uint)
RAPCC_VECS(long, long)
RAPCC_VECS(unsigned long, ulong)
RAPCC_VECS(long long, longlong)
RAPCC_VECS(unsigned long long, ulonglong)
RAPCC_VECS(float, float)
RAPCC_VECS(double, double)
#undef RAPCC_VEC2
#undef RAPCC_VEC3
#undef RAPCC_VEC4
#undef RAPCC_VECS

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
typedef struct dim3 dim3;
extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;
extern __device__ const int warpSize;

#define RAPCC_MAKE2(T, N) __host__ __device__ N##2 make_##N##2(T, T);
#define RAPCC_MAKE3(T, N) __host__ __device__ N##3 make_##N##3(T, T, T);
#define RAPCC_MAKE4(T, N) __host__ __device__ N##4 make_##N##4(T, T, T, T);
#define RAPCC_MAKES(T, N) RAPCC_MAKE2(T, N) RAPCC_MAKE3(T, N) RAPCC_MAKE4(T, N)
RAPCC_MAKES(char, char)
RAPCC_MAKES(unsigned char, uchar)
RAPCC_MAKES(short, short)
RAPCC_MAKES(unsigned short, ushort)
RAPCC_MAKES(int, int)
RAPCC_MAKES(unsigned int, uint)
RAPCC_MAKES(float, float)
RAPCC_MAKES(double, double)
#undef RAPCC_MAKE2
#undef RAPCC_MAKE3
#undef RAPCC_MAKE4
#undef RAPCC_MAKES

/* Synchronisation and warp intrinsics. */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ unsigned int __ballot_sync(unsigned int, int);
__device__ int __all_sync(unsigned int, int);
__device__ int __any_sync(unsigned int, int);
__device__ unsigned int __activemask(void);
template <typename T> __device__ T __shfl_sync(unsigned int, T, int, int = 32);
template <typename T> __device__ T __shfl_up_sync(unsigned int, T, unsigned int, int = 32);
template <typename T> __device__ T __shfl_down_sync(unsigned int, T, unsigned int, int = 32);
template <typename T> __device__ T __shfl_xor_sync(unsigned int, T, int, int = 32);
template <typename T> __device__ T __ldg(const T *);
__device__ int __popc(unsigned int);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __clzll(long long);
__device__ int __ffs(int);
__device__ int __ffsll(long long);
__device__ unsigned int __brev(unsigned int);
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ int __mulhi(int, int);
__device__ unsigned int __umulhi(unsigned int, unsigned int);
__device__ long long clock64(void);
__device__ int clock(void);
__device__ unsigned int __float_as_uint(float);
__device__ float __uint_as_float(unsigned int);
__device__ int __float_as_int(float);
__device__ float __int_as_float(int);
__device__ long long __double_as_longlong(double);
__device__ double __longlong_as_double(long long);
__device__ float __fdividef(float, float);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __powf(float, float);
__device__ float __saturatef(float);
__device__ float __fmul_rn(float, float);
__device__ float __fadd_rn(float, float);
__device__ float __fmaf_rn(float, float, float);
__device__ int __float2int_rn(float);
__device__ int __float2int_rz(float);
__device__ unsigned int __float2uint_rn(float);
__device__ float __int2float_rn(int);
__device__ void __prof_trigger(int);
__device__ void __trap(void);
__device__ void __brkpt(void);

/* Atomics: the overloads of the CUDA runtime. */
#define RAPCC_ATOMICS(T) \
  __device__ T atomicAdd(T *, T); __device__ T atomicSub(T *, T); \
  __device__ T atomicExch(T *, T); __device__ T atomicMin(T *, T); \
  __device__ T atomicMax(T *, T); __device__ T atomicAnd(T *, T); \
  __device__ T atomicOr(T *, T); __device__ T atomicXor(T *, T); \
  __device__ T atomicCAS(T *, T, T); \
  __device__ T atomicAdd_block(T *, T); __device__ T atomicExch_block(T *, T);
RAPCC_ATOMICS(int)
RAPCC_ATOMICS(unsigned int)
RAPCC_ATOMICS(unsigned long long)
#undef RAPCC_ATOMICS
__device__ float atomicAdd(float *, float);
__device__ double atomicAdd(double *, double);
__device__ float atomicExch(float *, float);
__device__ unsigned int atomicInc(unsigned int *, unsigned int);
__device__ unsigned int atomicDec(unsigned int *, unsigned int);

/* Math: float and double versions, callable from host and device. */
#define RAPCC_MATH1(f) __host__ __device__ float f##f(float); __host__ __device__ double f(double);
#define RAPCC_MATH2(f) __host__ __device__ float f##f(float, float); __host__ __device__ double f(double, double);
RAPCC_MATH1(sqrt) RAPCC_MATH1(rsqrt) RAPCC_MATH1(cbrt) RAPCC_MATH1(exp) RAPCC_MATH1(exp2)
RAPCC_MATH1(exp10) RAPCC_MATH1(expm1) RAPCC_MATH1(log) RAPCC_MATH1(log2) RAPCC_MATH1(log10)
RAPCC_MATH1(log1p) RAPCC_MATH1(sin) RAPCC_MATH1(cos) RAPCC_MATH1(tan) RAPCC_MATH1(asin)
RAPCC_MATH1(acos) RAPCC_MATH1(atan) RAPCC_MATH1(sinh) RAPCC_MATH1(cosh) RAPCC_MATH1(tanh)
RAPCC_MATH1(fabs) RAPCC_MATH1(floor) RAPCC_MATH1(ceil) RAPCC_MATH1(round) RAPCC_MATH1(trunc)
RAPCC_MATH1(rint) RAPCC_MATH1(erf) RAPCC_MATH1(erfc) RAPCC_MATH1(lgamma) RAPCC_MATH1(tgamma)
RAPCC_MATH1(sinpi) RAPCC_MATH1(cospi) RAPCC_MATH1(nearbyint)
RAPCC_MATH2(pow) RAPCC_MATH2(atan2) RAPCC_MATH2(fmod) RAPCC_MATH2(fmin) RAPCC_MATH2(fmax)
RAPCC_MATH2(hypot) RAPCC_MATH2(copysign) RAPCC_MATH2(remainder) RAPCC_MATH2(fdim)
#undef RAPCC_MATH1
#undef RAPCC_MATH2
__host__ __device__ float fmaf(float, float, float);
__host__ __device__ double fma(double, double, double);
__host__ __device__ void sincosf(float, float *, float *);
__host__ __device__ void sincos(double, double *, double *);
__host__ __device__ int abs(int);
__host__ __device__ long long llabs(long long);
__host__ __device__ int min(int, int);
__host__ __device__ unsigned int min(unsigned int, unsigned int);
__host__ __device__ long long min(long long, long long);
__host__ __device__ float min(float, float);
__host__ __device__ double min(double, double);
__host__ __device__ int max(int, int);
__host__ __device__ unsigned int max(unsigned int, unsigned int);
__host__ __device__ long long max(long long, long long);
__host__ __device__ float max(float, float);
__host__ __device__ double max(double, double);
__host__ __device__ int isnan(double);
__host__ __device__ int isinf(double);
__host__ __device__ int isfinite(double);
__device__ int printf(const char *, ...);

/* Host-side runtime API, enough for the host code next to kernels. */
typedef int cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault };
#define cudaSuccess 0
cudaError_t cudaMalloc(void **, size_t);
template <typename T> cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
cudaError_t cudaFree(void *);
cudaError_t cudaMemcpy(void *, const void *, size_t, enum cudaMemcpyKind);
cudaError_t cudaMemcpyAsync(void *, const void *, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemset(void *, int, size_t);
cudaError_t cudaMemcpyToSymbol(const void *, const void *, size_t, size_t = 0, enum cudaMemcpyKind = cudaMemcpyHostToDevice);
template <typename T> cudaError_t cudaMemcpyToSymbol(const T &s, const void *src, size_t n, size_t off = 0, enum cudaMemcpyKind k = cudaMemcpyHostToDevice) { return cudaMemcpyToSymbol((const void *)&s, src, n, off, k); }
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t);
cudaError_t cudaEventCreate(cudaEvent_t *);
cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t);
cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
cudaError_t cudaEventDestroy(cudaEvent_t);
cudaError_t cudaStreamCreate(cudaStream_t *);
cudaError_t cudaStreamDestroy(cudaStream_t);
cudaError_t cudaStreamSynchronize(cudaStream_t);
cudaError_t cudaSetDevice(int);
cudaError_t cudaGetDevice(int *);
cudaError_t cudaMallocHost(void **, size_t);
cudaError_t cudaFreeHost(void *);
cudaError_t cudaFuncSetAttribute(const void *, int, int);
#endif
