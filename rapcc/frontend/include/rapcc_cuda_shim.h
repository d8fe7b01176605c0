/* rapcc's stand-in for the CUDA toolkit headers, force-included before every
 * parse. It gives libclang (the pip wheel, with no resource headers and no
 * CUDA toolkit) what it needs to type-check device code: the qualifiers, the
 * thread-index builtins, vector types, intrinsics, atomics, textures and the
 * host runtime API. Like nvcc, it also pulls in the libc pieces nvcc makes
 * visible without an #include (stdio, stdlib, string, time, math, <cmath>,
 * <new>, limits, sys/types); those come from the stand-ins next to this file.
 * Only declarations: rapcc never compiles through this file. */
#ifndef RAPCC_CUDA_SHIM_H
#define RAPCC_CUDA_SHIM_H
#define __RAPCC__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define __NVCC__ 1
/* __CUDA_ARCH__ and __CUDACC_VER_MAJOR__/MINOR/BUILD come from the command
 * line (rapcc/build_macros.py): the values of the nvcc that compiles, or
 * pinned ones that rapcc treats as unknown. So do these where it knows them. */
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12000
#endif
/* Guards of the real toolkit headers, so that a toolkit header reached
 * through --cuda-path does not redeclare what is here. */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __HOST_DEFINES_H__
#define __BUILTIN_TYPES_H__

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
#define __device_builtin__
#define __builtin_align__(n) __align__(n)
#define __cudart_builtin__
#define __thread__
#define CUDART_CB
#define CUDARTAPI
#define __CUDA_ALIGN__(n) __align__(n)

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;

#define RAPCC_VEC2(T, N) struct __attribute__((aligned(2 * sizeof(T)))) N##2 { T x, y; };
#define RAPCC_VEC3(T, N) struct N##3 { T x, y, z; };
#define RAPCC_VEC4(T, N) struct __attribute__((aligned(4 * sizeof(T) > 16 ? 16 : 4 * sizeof(T)))) N##4 { T x, y, z, w; };
#define RAPCC_VECS(T, N) RAPCC_VEC2(T, N) RAPCC_VEC3(T, N) RAPCC_VEC4(T, N) \
  struct N##1 { T x; }; typedef struct N##1 N##1; typedef struct N##2 N##2; \
  typedef struct N##3 N##3; typedef struct N##4 N##4;
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
/* CUDA 13's 4-wide 8-byte vectors with an explicit alignment (long4_16a,
 * double4_32a, ...), which its cuda_fp8.hpp and user code name. */
#define RAPCC_VEC4A(T, N, A) struct __attribute__((aligned(A))) N##4_##A##a { T x, y, z, w; }; \
  typedef struct N##4_##A##a N##4_##A##a;
#define RAPCC_VEC4AS(T, N) RAPCC_VEC4A(T, N, 16) RAPCC_VEC4A(T, N, 32)
RAPCC_VEC4AS(long, long)
RAPCC_VEC4AS(unsigned long, ulong)
RAPCC_VEC4AS(long long, longlong)
RAPCC_VEC4AS(unsigned long long, ulonglong)
RAPCC_VEC4AS(double, double)
#define __NV_SILENCE_DEPRECATION_BEGIN
#define __NV_SILENCE_DEPRECATION_END
#undef RAPCC_VEC2
#undef RAPCC_VEC3
#undef RAPCC_VEC4
#undef RAPCC_VECS
#undef RAPCC_VEC4A
#undef RAPCC_VEC4AS
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned char uchar;

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3(void) const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;
extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;
extern __device__ const int warpSize;

#define RAPCC_MAKE1(T, N) __host__ __device__ N##1 make_##N##1(T);
#define RAPCC_MAKE2(T, N) __host__ __device__ N##2 make_##N##2(T, T);
#define RAPCC_MAKE3(T, N) __host__ __device__ N##3 make_##N##3(T, T, T);
#define RAPCC_MAKE4(T, N) __host__ __device__ N##4 make_##N##4(T, T, T, T);
#define RAPCC_MAKES(T, N) RAPCC_MAKE1(T, N) RAPCC_MAKE2(T, N) RAPCC_MAKE3(T, N) RAPCC_MAKE4(T, N)
RAPCC_MAKES(char, char)
RAPCC_MAKES(unsigned char, uchar)
RAPCC_MAKES(short, short)
RAPCC_MAKES(unsigned short, ushort)
RAPCC_MAKES(int, int)
RAPCC_MAKES(unsigned int, uint)
RAPCC_MAKES(long, long)
RAPCC_MAKES(unsigned long, ulong)
RAPCC_MAKES(long long, longlong)
RAPCC_MAKES(unsigned long long, ulonglong)
RAPCC_MAKES(float, float)
RAPCC_MAKES(double, double)
#undef RAPCC_MAKE1
#undef RAPCC_MAKE2
#undef RAPCC_MAKE3
#undef RAPCC_MAKE4
#undef RAPCC_MAKES

/* The libc and C++ pieces nvcc includes on its own (crt/common_functions.h,
 * math_functions.h): printf, malloc, memcpy, clock, the math library. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include <new>
#include <cmath>
#include <cstdlib>
/* Also visible under nvcc without an #include (its host compiler's <cmath>
 * and <stdlib.h> reach them): INT_MAX and the other <limits.h> macros,
 * std::numeric_limits, int64_t and the other signed exact-width types. */
#include <limits.h>
#include <limits>
#include <sys/types.h>

/* Synchronisation and warp intrinsics. */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ void __nanosleep(unsigned int);
__device__ unsigned int __ballot_sync(unsigned int, int);
__device__ int __all_sync(unsigned int, int);
__device__ int __any_sync(unsigned int, int);
__device__ int __uni_sync(unsigned int, int);
__device__ unsigned int __activemask(void);
__device__ unsigned int __lanemask_lt(void);
__device__ unsigned int __lanemask_le(void);
__device__ unsigned int __lanemask_eq(void);
__device__ unsigned int __lanemask_gt(void);
__device__ unsigned int __lanemask_ge(void);
template <typename T> __device__ T __shfl_sync(unsigned int, T, int, int = 32);
template <typename T> __device__ T __shfl_up_sync(unsigned int, T, unsigned int, int = 32);
template <typename T> __device__ T __shfl_down_sync(unsigned int, T, unsigned int, int = 32);
template <typename T> __device__ T __shfl_xor_sync(unsigned int, T, int, int = 32);
/* The pre-CUDA-9 warp intrinsics (no mask), still in older code. */
template <typename T> __device__ T __shfl(T, int, int = 32);
template <typename T> __device__ T __shfl_up(T, unsigned int, int = 32);
template <typename T> __device__ T __shfl_down(T, unsigned int, int = 32);
template <typename T> __device__ T __shfl_xor(T, int, int = 32);
__device__ unsigned int __ballot(int);
__device__ int __all(int);
__device__ int __any(int);
template <typename T> __device__ unsigned int __match_any_sync(unsigned int, T);
template <typename T> __device__ unsigned int __match_all_sync(unsigned int, T, int *);
__device__ unsigned int __reduce_add_sync(unsigned int, unsigned int);
__device__ int __reduce_add_sync(unsigned int, int);
__device__ unsigned int __reduce_min_sync(unsigned int, unsigned int);
__device__ int __reduce_min_sync(unsigned int, int);
__device__ unsigned int __reduce_max_sync(unsigned int, unsigned int);
__device__ int __reduce_max_sync(unsigned int, int);
__device__ unsigned int __reduce_and_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_or_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_xor_sync(unsigned int, unsigned int);

/* Cache-hinted loads and stores. */
template <typename T> __device__ T __ldg(const T *);
template <typename T> __device__ T __ldcg(const T *);
template <typename T> __device__ T __ldca(const T *);
template <typename T> __device__ T __ldcs(const T *);
template <typename T> __device__ T __ldlu(const T *);
template <typename T> __device__ T __ldcv(const T *);
template <typename T> __device__ void __stwb(T *, T);
template <typename T> __device__ void __stcg(T *, T);
template <typename T> __device__ void __stcs(T *, T);
template <typename T> __device__ void __stwt(T *, T);

/* Address spaces (used with inline PTX on shared memory). */
__device__ size_t __cvta_generic_to_shared(const void *);
__device__ size_t __cvta_generic_to_global(const void *);
__device__ size_t __cvta_generic_to_constant(const void *);
__device__ size_t __cvta_generic_to_local(const void *);
__device__ void *__cvta_shared_to_generic(size_t);
__device__ void *__cvta_global_to_generic(size_t);
__device__ unsigned int __isShared(const void *);
__device__ unsigned int __isGlobal(const void *);
__device__ unsigned int __isConstant(const void *);
__device__ unsigned int __isLocal(const void *);

/* Integer and bit intrinsics. */
__device__ int __popc(unsigned int);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __clzll(long long);
__device__ int __ffs(int);
__device__ int __ffsll(long long);
__device__ int __fns(unsigned int, unsigned int, int);
__device__ unsigned int __brev(unsigned int);
__device__ unsigned long long __brevll(unsigned long long);
__device__ unsigned int __byte_perm(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_l(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_lc(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_r(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_rc(unsigned int, unsigned int, unsigned int);
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ int __mulhi(int, int);
__device__ unsigned int __umulhi(unsigned int, unsigned int);
__device__ long long __mul64hi(long long, long long);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
__device__ int __hadd(int, int);
__device__ int __rhadd(int, int);
__device__ unsigned int __uhadd(unsigned int, unsigned int);
__device__ unsigned int __urhadd(unsigned int, unsigned int);
__device__ unsigned int __sad(int, int, unsigned int);
__device__ unsigned int __usad(unsigned int, unsigned int, unsigned int);
__device__ int __dp4a(int, int, int);
__device__ unsigned int __dp4a(unsigned int, unsigned int, unsigned int);
__device__ int __dp2a_lo(int, int, int);
__device__ int __dp2a_hi(int, int, int);
__device__ unsigned int __vadd2(unsigned int, unsigned int);
__device__ unsigned int __vadd4(unsigned int, unsigned int);
__device__ unsigned int __vsub2(unsigned int, unsigned int);
__device__ unsigned int __vsub4(unsigned int, unsigned int);
__device__ unsigned int __vabsdiffu4(unsigned int, unsigned int);
__device__ unsigned int __vmaxu4(unsigned int, unsigned int);
__device__ unsigned int __vminu4(unsigned int, unsigned int);
__device__ unsigned int __vcmpeq4(unsigned int, unsigned int);
__device__ unsigned int __vsadu4(unsigned int, unsigned int);
__device__ long long clock64(void);
__device__ unsigned long long __globaltimer(void);
__device__ unsigned int __smid(void);

/* Reinterpretation and rounding-mode conversions. */
__device__ unsigned int __float_as_uint(float);
__device__ float __uint_as_float(unsigned int);
__device__ int __float_as_int(float);
__device__ float __int_as_float(int);
__device__ long long __double_as_longlong(double);
__device__ double __longlong_as_double(long long);
__device__ int __double2hiint(double);
__device__ int __double2loint(double);
__device__ double __hiloint2double(int, int);
#define RAPCC_CVT4(R, name, A) __device__ R name##_rn(A); __device__ R name##_rz(A); __device__ R name##_ru(A); __device__ R name##_rd(A);
RAPCC_CVT4(int, __float2int, float)
RAPCC_CVT4(unsigned int, __float2uint, float)
RAPCC_CVT4(long long, __float2ll, float)
RAPCC_CVT4(unsigned long long, __float2ull, float)
RAPCC_CVT4(float, __int2float, int)
RAPCC_CVT4(float, __uint2float, unsigned int)
RAPCC_CVT4(float, __ll2float, long long)
RAPCC_CVT4(float, __ull2float, unsigned long long)
RAPCC_CVT4(int, __double2int, double)
RAPCC_CVT4(unsigned int, __double2uint, double)
RAPCC_CVT4(long long, __double2ll, double)
RAPCC_CVT4(unsigned long long, __double2ull, double)
RAPCC_CVT4(float, __double2float, double)
RAPCC_CVT4(double, __ll2double, long long)
RAPCC_CVT4(double, __ull2double, unsigned long long)
#undef RAPCC_CVT4
__device__ double __int2double_rn(int);
__device__ double __uint2double_rn(unsigned int);

/* Fast and rounding-mode float arithmetic. */
__device__ float __fdividef(float, float);
__device__ float __expf(float);
__device__ float __exp10f(float);
__device__ float __logf(float);
__device__ float __log2f(float);
__device__ float __log10f(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __tanf(float);
__device__ void __sincosf(float, float *, float *);
__device__ float __powf(float, float);
__device__ float __saturatef(float);
#define RAPCC_RND(T, name, ...) __device__ T name##_rn(__VA_ARGS__); __device__ T name##_rz(__VA_ARGS__); \
  __device__ T name##_ru(__VA_ARGS__); __device__ T name##_rd(__VA_ARGS__);
RAPCC_RND(float, __fadd, float, float)
RAPCC_RND(float, __fsub, float, float)
RAPCC_RND(float, __fmul, float, float)
RAPCC_RND(float, __fdiv, float, float)
RAPCC_RND(float, __fmaf, float, float, float)
RAPCC_RND(float, __fmaf_ieee, float, float, float)
RAPCC_RND(float, __frcp, float)
RAPCC_RND(float, __fsqrt, float)
RAPCC_RND(double, __dadd, double, double)
RAPCC_RND(double, __dsub, double, double)
RAPCC_RND(double, __dmul, double, double)
RAPCC_RND(double, __ddiv, double, double)
RAPCC_RND(double, __fma, double, double, double)
RAPCC_RND(double, __drcp, double)
RAPCC_RND(double, __dsqrt, double)
#undef RAPCC_RND
__device__ float __frsqrt_rn(float);
__device__ void __prof_trigger(int);
__device__ void __trap(void);
__device__ void __brkpt(void);
__device__ void __assertfail(const char *, const char *, unsigned int, const char *, size_t);

/* Atomics: the overloads of the CUDA runtime. */
#define RAPCC_ATOMICS(T) \
  __device__ T atomicAdd(T *, T); __device__ T atomicSub(T *, T); \
  __device__ T atomicExch(T *, T); __device__ T atomicMin(T *, T); \
  __device__ T atomicMax(T *, T); __device__ T atomicAnd(T *, T); \
  __device__ T atomicOr(T *, T); __device__ T atomicXor(T *, T); \
  __device__ T atomicCAS(T *, T, T); \
  __device__ T atomicAdd_block(T *, T); __device__ T atomicExch_block(T *, T); \
  __device__ T atomicMin_block(T *, T); __device__ T atomicMax_block(T *, T); \
  __device__ T atomicAnd_block(T *, T); __device__ T atomicOr_block(T *, T); \
  __device__ T atomicXor_block(T *, T); __device__ T atomicCAS_block(T *, T, T); \
  __device__ T atomicAdd_system(T *, T); __device__ T atomicExch_system(T *, T); \
  __device__ T atomicCAS_system(T *, T, T);
RAPCC_ATOMICS(int)
RAPCC_ATOMICS(unsigned int)
RAPCC_ATOMICS(unsigned long long)
#undef RAPCC_ATOMICS
__device__ long long atomicMin(long long *, long long);
__device__ long long atomicMax(long long *, long long);
__device__ long long atomicAnd(long long *, long long);
__device__ long long atomicOr(long long *, long long);
__device__ long long atomicXor(long long *, long long);
__device__ unsigned short atomicCAS(unsigned short *, unsigned short, unsigned short);
__device__ float atomicAdd(float *, float);
__device__ double atomicAdd(double *, double);
__device__ float atomicAdd_block(float *, float);
__device__ double atomicAdd_block(double *, double);
__device__ float atomicAdd_system(float *, float);
__device__ float atomicExch(float *, float);
__device__ float atomicMin(float *, float);
__device__ float atomicMax(float *, float);
__device__ unsigned int atomicInc(unsigned int *, unsigned int);
__device__ unsigned int atomicDec(unsigned int *, unsigned int);

/* Textures and surfaces: texture objects, and the legacy texture references
 * (removed in CUDA 12, still common in older benchmark suites). */
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureAddressMode { cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2, cudaAddressModeBorder = 3 };
enum cudaChannelFormatKind { cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1, cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3 };
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
};
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {
  __host__ texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp);
  __host__ texture(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode,
                   struct cudaChannelFormatDesc desc);
};
template <class T, enum cudaTextureReadMode mode> struct _RapccTexRet { typedef T type; };
#define RAPCC_TEXNORM(T, R) template <> struct _RapccTexRet<T, cudaReadModeNormalizedFloat> { typedef R type; };
RAPCC_TEXNORM(char, float) RAPCC_TEXNORM(signed char, float) RAPCC_TEXNORM(unsigned char, float)
RAPCC_TEXNORM(short, float) RAPCC_TEXNORM(unsigned short, float)
RAPCC_TEXNORM(char1, float1) RAPCC_TEXNORM(uchar1, float1) RAPCC_TEXNORM(short1, float1) RAPCC_TEXNORM(ushort1, float1)
RAPCC_TEXNORM(char2, float2) RAPCC_TEXNORM(uchar2, float2) RAPCC_TEXNORM(short2, float2) RAPCC_TEXNORM(ushort2, float2)
RAPCC_TEXNORM(char4, float4) RAPCC_TEXNORM(uchar4, float4) RAPCC_TEXNORM(short4, float4) RAPCC_TEXNORM(ushort4, float4)
#undef RAPCC_TEXNORM
template <class T, int d, enum cudaTextureReadMode m> __device__ typename _RapccTexRet<T, m>::type tex1Dfetch(texture<T, d, m>, int);
template <class T, enum cudaTextureReadMode m> __device__ typename _RapccTexRet<T, m>::type tex1D(texture<T, cudaTextureType1D, m>, float);
template <class T, enum cudaTextureReadMode m> __device__ typename _RapccTexRet<T, m>::type tex2D(texture<T, cudaTextureType2D, m>, float, float);
template <class T, enum cudaTextureReadMode m> __device__ typename _RapccTexRet<T, m>::type tex3D(texture<T, cudaTextureType3D, m>, float, float, float);
template <class T, enum cudaTextureReadMode m> __device__ typename _RapccTexRet<T, m>::type tex1DLayered(texture<T, cudaTextureType1DLayered, m>, float, int);
template <class T, enum cudaTextureReadMode m> __device__ typename _RapccTexRet<T, m>::type tex2DLayered(texture<T, cudaTextureType2DLayered, m>, float, float, int);
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t, int);
template <class T> __device__ T tex1D(cudaTextureObject_t, float);
template <class T> __device__ T tex2D(cudaTextureObject_t, float, float);
template <class T> __device__ T tex3D(cudaTextureObject_t, float, float, float);
template <class T> __device__ T tex1DLayered(cudaTextureObject_t, float, int);
template <class T> __device__ T tex2DLayered(cudaTextureObject_t, float, float, int);
template <class T> __device__ T tex2DLod(cudaTextureObject_t, float, float, float);
template <class T> __device__ T texCubemap(cudaTextureObject_t, float, float, float);
template <class T> __device__ void tex1Dfetch(T *, cudaTextureObject_t, int);
template <class T> __device__ void tex2D(T *, cudaTextureObject_t, float, float);
template <class T> __device__ T surf1Dread(cudaSurfaceObject_t, int, enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t, int, int, enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dread(T *, cudaSurfaceObject_t, int, int, enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dwrite(T, cudaSurfaceObject_t, int, enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dwrite(T, cudaSurfaceObject_t, int, int, enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dwrite(T, cudaSurfaceObject_t, int, int, int, enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);

/* Host-side runtime API, enough for the host code next to kernels. */
typedef int cudaError_t;
typedef int cudaError;
#define cudaSuccess 0
#define cudaErrorInvalidValue 1
#define cudaErrorMemoryAllocation 2
#define cudaErrorInitializationError 3
#define cudaErrorLaunchFailure 719
#define cudaErrorInvalidDevice 101
#define cudaErrorInvalidConfiguration 9
#define cudaErrorNotReady 600
#define cudaErrorNoDevice 100
/* The rest of the CUDA 13 runtime's error codes (helper headers name them all). */
#define cudaErrorCudartUnloading 4
#define cudaErrorProfilerDisabled 5
#define cudaErrorProfilerNotInitialized 6
#define cudaErrorProfilerAlreadyStarted 7
#define cudaErrorProfilerAlreadyStopped 8
#define cudaErrorInvalidPitchValue 12
#define cudaErrorInvalidSymbol 13
#define cudaErrorInvalidHostPointer 16
#define cudaErrorInvalidDevicePointer 17
#define cudaErrorInvalidTexture 18
#define cudaErrorInvalidTextureBinding 19
#define cudaErrorInvalidChannelDescriptor 20
#define cudaErrorInvalidMemcpyDirection 21
#define cudaErrorAddressOfConstant 22
#define cudaErrorTextureFetchFailed 23
#define cudaErrorTextureNotBound 24
#define cudaErrorSynchronizationError 25
#define cudaErrorInvalidFilterSetting 26
#define cudaErrorInvalidNormSetting 27
#define cudaErrorMixedDeviceExecution 28
#define cudaErrorNotYetImplemented 31
#define cudaErrorMemoryValueTooLarge 32
#define cudaErrorStubLibrary 34
#define cudaErrorInsufficientDriver 35
#define cudaErrorCallRequiresNewerDriver 36
#define cudaErrorInvalidSurface 37
#define cudaErrorDuplicateVariableName 43
#define cudaErrorDuplicateTextureName 44
#define cudaErrorDuplicateSurfaceName 45
#define cudaErrorDevicesUnavailable 46
#define cudaErrorIncompatibleDriverContext 49
#define cudaErrorMissingConfiguration 52
#define cudaErrorPriorLaunchFailure 53
#define cudaErrorLaunchMaxDepthExceeded 65
#define cudaErrorLaunchFileScopedTex 66
#define cudaErrorLaunchFileScopedSurf 67
#define cudaErrorSyncDepthExceeded 68
#define cudaErrorLaunchPendingCountExceeded 69
#define cudaErrorInvalidDeviceFunction 98
#define cudaErrorDeviceNotLicensed 102
#define cudaErrorSoftwareValidityNotEstablished 103
#define cudaErrorStartupFailure 127
#define cudaErrorInvalidKernelImage 200
#define cudaErrorDeviceUninitialized 201
#define cudaErrorMapBufferObjectFailed 205
#define cudaErrorUnmapBufferObjectFailed 206
#define cudaErrorArrayIsMapped 207
#define cudaErrorAlreadyMapped 208
#define cudaErrorNoKernelImageForDevice 209
#define cudaErrorAlreadyAcquired 210
#define cudaErrorNotMapped 211
#define cudaErrorNotMappedAsArray 212
#define cudaErrorNotMappedAsPointer 213
#define cudaErrorECCUncorrectable 214
#define cudaErrorUnsupportedLimit 215
#define cudaErrorDeviceAlreadyInUse 216
#define cudaErrorPeerAccessUnsupported 217
#define cudaErrorInvalidPtx 218
#define cudaErrorInvalidGraphicsContext 219
#define cudaErrorNvlinkUncorrectable 220
#define cudaErrorJitCompilerNotFound 221
#define cudaErrorUnsupportedPtxVersion 222
#define cudaErrorJitCompilationDisabled 223
#define cudaErrorUnsupportedExecAffinity 224
#define cudaErrorUnsupportedDevSideSync 225
#define cudaErrorContained 226
#define cudaErrorInvalidSource 300
#define cudaErrorFileNotFound 301
#define cudaErrorSharedObjectSymbolNotFound 302
#define cudaErrorSharedObjectInitFailed 303
#define cudaErrorOperatingSystem 304
#define cudaErrorInvalidResourceHandle 400
#define cudaErrorIllegalState 401
#define cudaErrorLossyQuery 402
#define cudaErrorSymbolNotFound 500
#define cudaErrorIllegalAddress 700
#define cudaErrorLaunchOutOfResources 701
#define cudaErrorLaunchTimeout 702
#define cudaErrorLaunchIncompatibleTexturing 703
#define cudaErrorPeerAccessAlreadyEnabled 704
#define cudaErrorPeerAccessNotEnabled 705
#define cudaErrorSetOnActiveProcess 708
#define cudaErrorContextIsDestroyed 709
#define cudaErrorAssert 710
#define cudaErrorTooManyPeers 711
#define cudaErrorHostMemoryAlreadyRegistered 712
#define cudaErrorHostMemoryNotRegistered 713
#define cudaErrorHardwareStackError 714
#define cudaErrorIllegalInstruction 715
#define cudaErrorMisalignedAddress 716
#define cudaErrorInvalidAddressSpace 717
#define cudaErrorInvalidPc 718
#define cudaErrorCooperativeLaunchTooLarge 720
#define cudaErrorTensorMemoryLeak 721
#define cudaErrorNotPermitted 800
#define cudaErrorNotSupported 801
#define cudaErrorSystemNotReady 802
#define cudaErrorSystemDriverMismatch 803
#define cudaErrorCompatNotSupportedOnDevice 804
#define cudaErrorMpsConnectionFailed 805
#define cudaErrorMpsRpcFailure 806
#define cudaErrorMpsServerNotReady 807
#define cudaErrorMpsMaxClientsReached 808
#define cudaErrorMpsMaxConnectionsReached 809
#define cudaErrorMpsClientTerminated 810
#define cudaErrorCdpNotSupported 811
#define cudaErrorCdpVersionMismatch 812
#define cudaErrorStreamCaptureUnsupported 900
#define cudaErrorStreamCaptureInvalidated 901
#define cudaErrorStreamCaptureMerge 902
#define cudaErrorStreamCaptureUnmatched 903
#define cudaErrorStreamCaptureUnjoined 904
#define cudaErrorStreamCaptureIsolation 905
#define cudaErrorStreamCaptureImplicit 906
#define cudaErrorCapturedEvent 907
#define cudaErrorStreamCaptureWrongThread 908
#define cudaErrorTimeout 909
#define cudaErrorGraphExecUpdateFailure 910
#define cudaErrorExternalDevice 911
#define cudaErrorInvalidClusterSize 912
#define cudaErrorFunctionNotLoaded 913
#define cudaErrorInvalidResourceType 914
#define cudaErrorInvalidResourceConfiguration 915
#define cudaErrorUnknown 999
#define cudaErrorApiFailureBase 10000
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault };
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1, cudaSharedMemBankSizeEightByte = 2 };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaSharedCarveout { cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100, cudaSharedmemCarveoutMaxL1 = 0 };
enum cudaComputeMode { cudaComputeModeDefault = 0, cudaComputeModeExclusive = 1, cudaComputeModeProhibited = 2, cudaComputeModeExclusiveProcess = 3 };
/* Every device attribute of the CUDA 13 runtime, with its value (cudaDeviceGetAttribute). */
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4, cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6, cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8, cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxPitch = 11, cudaDevAttrMaxRegistersPerBlock = 12, cudaDevAttrClockRate = 13,
  cudaDevAttrTextureAlignment = 14, cudaDevAttrGpuOverlap = 15, cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrKernelExecTimeout = 17, cudaDevAttrIntegrated = 18, cudaDevAttrCanMapHostMemory = 19,
  cudaDevAttrComputeMode = 20, cudaDevAttrMaxTexture1DWidth = 21, cudaDevAttrMaxTexture2DWidth = 22,
  cudaDevAttrMaxTexture2DHeight = 23, cudaDevAttrMaxTexture3DWidth = 24, cudaDevAttrMaxTexture3DHeight = 25,
  cudaDevAttrMaxTexture3DDepth = 26, cudaDevAttrMaxTexture2DLayeredWidth = 27,
  cudaDevAttrMaxTexture2DLayeredHeight = 28, cudaDevAttrMaxTexture2DLayeredLayers = 29,
  cudaDevAttrSurfaceAlignment = 30, cudaDevAttrConcurrentKernels = 31, cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33, cudaDevAttrPciDeviceId = 34, cudaDevAttrTccDriver = 35, cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38, cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrAsyncEngineCount = 40, cudaDevAttrUnifiedAddressing = 41, cudaDevAttrMaxTexture1DLayeredWidth = 42,
  cudaDevAttrMaxTexture1DLayeredLayers = 43, cudaDevAttrMaxTexture2DGatherWidth = 45,
  cudaDevAttrMaxTexture2DGatherHeight = 46, cudaDevAttrMaxTexture3DWidthAlt = 47,
  cudaDevAttrMaxTexture3DHeightAlt = 48, cudaDevAttrMaxTexture3DDepthAlt = 49, cudaDevAttrPciDomainId = 50,
  cudaDevAttrTexturePitchAlignment = 51, cudaDevAttrMaxTextureCubemapWidth = 52,
  cudaDevAttrMaxTextureCubemapLayeredWidth = 53, cudaDevAttrMaxTextureCubemapLayeredLayers = 54,
  cudaDevAttrMaxSurface1DWidth = 55, cudaDevAttrMaxSurface2DWidth = 56, cudaDevAttrMaxSurface2DHeight = 57,
  cudaDevAttrMaxSurface3DWidth = 58, cudaDevAttrMaxSurface3DHeight = 59, cudaDevAttrMaxSurface3DDepth = 60,
  cudaDevAttrMaxSurface1DLayeredWidth = 61, cudaDevAttrMaxSurface1DLayeredLayers = 62,
  cudaDevAttrMaxSurface2DLayeredWidth = 63, cudaDevAttrMaxSurface2DLayeredHeight = 64,
  cudaDevAttrMaxSurface2DLayeredLayers = 65, cudaDevAttrMaxSurfaceCubemapWidth = 66,
  cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67, cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68,
  cudaDevAttrMaxTexture1DLinearWidth = 69, cudaDevAttrMaxTexture2DLinearWidth = 70,
  cudaDevAttrMaxTexture2DLinearHeight = 71, cudaDevAttrMaxTexture2DLinearPitch = 72,
  cudaDevAttrMaxTexture2DMipmappedWidth = 73, cudaDevAttrMaxTexture2DMipmappedHeight = 74,
  cudaDevAttrComputeCapabilityMajor = 75, cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxTexture1DMipmappedWidth = 77, cudaDevAttrStreamPrioritiesSupported = 78,
  cudaDevAttrGlobalL1CacheSupported = 79, cudaDevAttrLocalL1CacheSupported = 80,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81, cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrManagedMemory = 83, cudaDevAttrIsMultiGpuBoard = 84, cudaDevAttrMultiGpuBoardGroupID = 85,
  cudaDevAttrHostNativeAtomicSupported = 86, cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
  cudaDevAttrPageableMemoryAccess = 88, cudaDevAttrConcurrentManagedAccess = 89,
  cudaDevAttrComputePreemptionSupported = 90, cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
  cudaDevAttrReserved92 = 92, cudaDevAttrReserved93 = 93, cudaDevAttrReserved94 = 94,
  cudaDevAttrCooperativeLaunch = 95, cudaDevAttrReserved96 = 96, cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrCanFlushRemoteWrites = 98, cudaDevAttrHostRegisterSupported = 99,
  cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100, cudaDevAttrDirectManagedMemAccessFromHost = 101,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106, cudaDevAttrMaxPersistingL2CacheSize = 108,
  cudaDevAttrMaxAccessPolicyWindowSize = 109, cudaDevAttrReservedSharedMemoryPerBlock = 111,
  cudaDevAttrSparseCudaArraySupported = 112, cudaDevAttrHostRegisterReadOnlySupported = 113,
  cudaDevAttrTimelineSemaphoreInteropSupported = 114, cudaDevAttrMemoryPoolsSupported = 115,
  cudaDevAttrGPUDirectRDMASupported = 116, cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
  cudaDevAttrGPUDirectRDMAWritesOrdering = 118, cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
  cudaDevAttrClusterLaunch = 120, cudaDevAttrDeferredMappingCudaArraySupported = 121, cudaDevAttrReserved122 = 122,
  cudaDevAttrReserved123 = 123, cudaDevAttrReserved124 = 124, cudaDevAttrIpcEventSupport = 125,
  cudaDevAttrMemSyncDomainCount = 126, cudaDevAttrReserved127 = 127, cudaDevAttrReserved128 = 128,
  cudaDevAttrReserved129 = 129, cudaDevAttrNumaConfig = 130, cudaDevAttrNumaId = 131, cudaDevAttrReserved132 = 132,
  cudaDevAttrMpsEnabled = 133, cudaDevAttrHostNumaId = 134, cudaDevAttrD3D12CigSupported = 135,
  cudaDevAttrVulkanCigSupported = 138, cudaDevAttrGpuPciDeviceId = 139, cudaDevAttrGpuPciSubsystemId = 140,
  cudaDevAttrReserved141 = 141, cudaDevAttrHostNumaMemoryPoolsSupported = 142,
  cudaDevAttrHostNumaMultinodeIpcSupported = 143, cudaDevAttrHostMemoryPoolsSupported = 144,
  cudaDevAttrReserved145 = 145, cudaDevAttrOnlyPartialHostNativeAtomicSupported = 147, cudaDevAttrMax = 148
};
enum cudaMemoryAdvise { cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2, cudaMemAdviseSetPreferredLocation = 3 };
enum cudaResourceType { cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1, cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3 };
enum cudaLimit { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2 };
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterMapped 0x02
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaCpuDeviceId ((int)-1)
#define cudaArrayDefault 0x00
#define cudaArraySurfaceLoadStore 0x02

struct cudaDeviceProp {
  char name[256];
  char uuid[16];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int maxTexture1D;
  int maxTexture2D[2];
  int maxTexture3D[3];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
  size_t reservedSharedMemPerBlock;
};
typedef struct cudaDeviceProp cudaDeviceProp;
struct cudaFuncAttributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes, preferredShmemCarveout;
};
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaMemcpy3DParms {
  cudaArray_t srcArray; struct cudaPos srcPos; struct cudaPitchedPtr srcPtr;
  cudaArray_t dstArray; struct cudaPos dstPos; struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent; enum cudaMemcpyKind kind;
};
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t width, height, pitchInBytes; } pitch2D;
  } res;
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};
struct cudaResourceViewDesc;
__host__ struct cudaExtent make_cudaExtent(size_t, size_t, size_t);
__host__ struct cudaPos make_cudaPos(size_t, size_t, size_t);
__host__ struct cudaPitchedPtr make_cudaPitchedPtr(void *, size_t, size_t, size_t);

/* The kernel-launch syntax `k<<<grid, block, smem, stream>>>(...)`: clang
 * lowers it to a call of the configuration function, which must be declared.
 * Without a CUDA installation clang uses the legacy name (cudaConfigureCall);
 * with --cuda-path to a CUDA >= 9.2 toolkit it uses the new one. */
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, struct CUstream_st *stream = 0);
extern "C" cudaError_t cudaLaunch(const void *);
extern "C" cudaError_t cudaSetupArgument(const void *, size_t, size_t);

cudaError_t cudaMalloc(void **, size_t);
template <typename T> cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
cudaError_t cudaMallocManaged(void **, size_t, unsigned int = cudaMemAttachGlobal);
template <typename T> cudaError_t cudaMallocManaged(T **p, size_t n, unsigned int f = cudaMemAttachGlobal) { return cudaMallocManaged((void **)p, n, f); }
cudaError_t cudaMallocHost(void **, size_t);
cudaError_t cudaMallocHost(void **, size_t, unsigned int);
template <typename T> cudaError_t cudaMallocHost(T **p, size_t n, unsigned int f = 0) { return cudaMallocHost((void **)p, n, f); }
cudaError_t cudaHostAlloc(void **, size_t, unsigned int);
template <typename T> cudaError_t cudaHostAlloc(T **p, size_t n, unsigned int f) { return cudaHostAlloc((void **)p, n, f); }
cudaError_t cudaHostGetDevicePointer(void **, void *, unsigned int);
template <typename T> cudaError_t cudaHostGetDevicePointer(T **p, void *h, unsigned int f) { return cudaHostGetDevicePointer((void **)p, h, f); }
cudaError_t cudaHostRegister(void *, size_t, unsigned int);
cudaError_t cudaHostUnregister(void *);
cudaError_t cudaMallocPitch(void **, size_t *, size_t, size_t);
template <typename T> cudaError_t cudaMallocPitch(T **p, size_t *pitch, size_t w, size_t h) { return cudaMallocPitch((void **)p, pitch, w, h); }
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *, struct cudaExtent);
cudaError_t cudaMallocArray(cudaArray_t *, const struct cudaChannelFormatDesc *, size_t, size_t = 0, unsigned int = 0);
cudaError_t cudaMalloc3DArray(cudaArray_t *, const struct cudaChannelFormatDesc *, struct cudaExtent, unsigned int = 0);
cudaError_t cudaFree(void *);
cudaError_t cudaFreeHost(void *);
cudaError_t cudaFreeArray(cudaArray_t);
cudaError_t cudaMemcpy(void *, const void *, size_t, enum cudaMemcpyKind);
cudaError_t cudaMemcpyAsync(void *, const void *, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemcpy2D(void *, size_t, const void *, size_t, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaMemcpy2DAsync(void *, size_t, const void *, size_t, size_t, size_t, enum cudaMemcpyKind, cudaStream_t = 0);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *);
cudaError_t cudaMemcpyToArray(cudaArray_t, size_t, size_t, const void *, size_t, enum cudaMemcpyKind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t, size_t, size_t, const void *, size_t, size_t, size_t, enum cudaMemcpyKind);
cudaError_t cudaMemcpyPeer(void *, int, const void *, int, size_t);
cudaError_t cudaMemset(void *, int, size_t);
cudaError_t cudaMemsetAsync(void *, int, size_t, cudaStream_t = 0);
cudaError_t cudaMemset2D(void *, size_t, int, size_t, size_t);
cudaError_t cudaMemPrefetchAsync(const void *, size_t, int, cudaStream_t = 0);
cudaError_t cudaMemAdvise(const void *, size_t, enum cudaMemoryAdvise, int);
cudaError_t cudaMemGetInfo(size_t *, size_t *);
cudaError_t cudaMemcpyToSymbol(const void *, const void *, size_t, size_t = 0, enum cudaMemcpyKind = cudaMemcpyHostToDevice);
template <typename T> cudaError_t cudaMemcpyToSymbol(const T &s, const void *src, size_t n, size_t off = 0, enum cudaMemcpyKind k = cudaMemcpyHostToDevice) { return cudaMemcpyToSymbol((const void *)&s, src, n, off, k); }
cudaError_t cudaMemcpyToSymbolAsync(const void *, const void *, size_t, size_t = 0, enum cudaMemcpyKind = cudaMemcpyHostToDevice, cudaStream_t = 0);
template <typename T> cudaError_t cudaMemcpyToSymbolAsync(const T &s, const void *src, size_t n, size_t off = 0, enum cudaMemcpyKind k = cudaMemcpyHostToDevice, cudaStream_t st = 0) { return cudaMemcpyToSymbolAsync((const void *)&s, src, n, off, k, st); }
cudaError_t cudaMemcpyFromSymbol(void *, const void *, size_t, size_t = 0, enum cudaMemcpyKind = cudaMemcpyDeviceToHost);
template <typename T> cudaError_t cudaMemcpyFromSymbol(void *dst, const T &s, size_t n, size_t off = 0, enum cudaMemcpyKind k = cudaMemcpyDeviceToHost) { return cudaMemcpyFromSymbol(dst, (const void *)&s, n, off, k); }
cudaError_t cudaGetSymbolAddress(void **, const void *);
template <typename T> cudaError_t cudaGetSymbolAddress(void **p, const T &s) { return cudaGetSymbolAddress(p, (const void *)&s); }
cudaError_t cudaGetSymbolSize(size_t *, const void *);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaThreadExit(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t);
const char *cudaGetErrorName(cudaError_t);
cudaError_t cudaGetDeviceCount(int *);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *, int);
cudaError_t cudaDeviceGetAttribute(int *, enum cudaDeviceAttr, int);
cudaError_t cudaChooseDevice(int *, const struct cudaDeviceProp *);
cudaError_t cudaSetDevice(int);
cudaError_t cudaGetDevice(int *);
cudaError_t cudaSetDeviceFlags(unsigned int);
cudaError_t cudaDeviceSetLimit(enum cudaLimit, size_t);
cudaError_t cudaDeviceGetLimit(size_t *, enum cudaLimit);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *);
cudaError_t cudaDeviceCanAccessPeer(int *, int, int);
cudaError_t cudaDeviceEnablePeerAccess(int, unsigned int);
cudaError_t cudaDriverGetVersion(int *);
cudaError_t cudaRuntimeGetVersion(int *);
cudaError_t cudaEventCreate(cudaEvent_t *);
cudaError_t cudaEventCreate(cudaEvent_t *, unsigned int);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *, unsigned int);
cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = 0);
cudaError_t cudaEventQuery(cudaEvent_t);
cudaError_t cudaEventSynchronize(cudaEvent_t);
cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
cudaError_t cudaEventDestroy(cudaEvent_t);
cudaError_t cudaStreamCreate(cudaStream_t *);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *, unsigned int);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *, unsigned int, int);
cudaError_t cudaStreamDestroy(cudaStream_t);
cudaError_t cudaStreamSynchronize(cudaStream_t);
cudaError_t cudaStreamQuery(cudaStream_t);
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int = 0);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void *, size_t = 0, unsigned int = cudaMemAttachGlobal);
cudaError_t cudaFuncSetAttribute(const void *, enum cudaFuncAttribute, int);
template <class T> cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value) { return cudaFuncSetAttribute((const void *)entry, attr, value); }
cudaError_t cudaFuncSetCacheConfig(const void *, enum cudaFuncCache);
template <class T> cudaError_t cudaFuncSetCacheConfig(T *entry, enum cudaFuncCache c) { return cudaFuncSetCacheConfig((const void *)entry, c); }
cudaError_t cudaFuncSetSharedMemConfig(const void *, enum cudaSharedMemConfig);
template <class T> cudaError_t cudaFuncSetSharedMemConfig(T *entry, enum cudaSharedMemConfig c) { return cudaFuncSetSharedMemConfig((const void *)entry, c); }
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *, const void *);
template <class T> cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *a, T *entry) { return cudaFuncGetAttributes(a, (const void *)entry); }
cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, size_t = 0, cudaStream_t = 0);
template <class T> cudaError_t cudaLaunchKernel(T *f, dim3 g, dim3 b, void **args, size_t smem = 0, cudaStream_t s = 0) { return cudaLaunchKernel((const void *)f, g, b, args, smem, s); }
cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **, size_t = 0, cudaStream_t = 0);
template <class T> cudaError_t cudaLaunchCooperativeKernel(T *f, dim3 g, dim3 b, void **args, size_t smem = 0, cudaStream_t s = 0) { return cudaLaunchCooperativeKernel((const void *)f, g, b, args, smem, s); }
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *, const void *, int, size_t);
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T f, int bs, size_t smem) { return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, (const void *)f, bs, smem); }
template <class T> cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGrid, int *block, T f, size_t smem = 0, int limit = 0);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
struct cudaChannelFormatDesc cudaCreateChannelDesc(int, int, int, int, enum cudaChannelFormatKind);
template <class T> struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *, const struct cudaResourceDesc *, const struct cudaTextureDesc *, const struct cudaResourceViewDesc *);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *, const struct cudaResourceDesc *);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t);
cudaError_t cudaBindTexture(size_t *, const struct textureReference *, const void *, const struct cudaChannelFormatDesc *, size_t = ~(size_t)0);
template <class T, int d, enum cudaTextureReadMode m> cudaError_t cudaBindTexture(size_t *off, const struct texture<T, d, m> &tex, const void *p, size_t size = ~(size_t)0);
template <class T, int d, enum cudaTextureReadMode m> cudaError_t cudaBindTexture(size_t *off, const struct texture<T, d, m> &tex, const void *p, const struct cudaChannelFormatDesc &desc, size_t size = ~(size_t)0);
template <class T, int d, enum cudaTextureReadMode m> cudaError_t cudaBindTexture2D(size_t *off, const struct texture<T, d, m> &tex, const void *p, size_t w, size_t h, size_t pitch);
template <class T, int d, enum cudaTextureReadMode m> cudaError_t cudaBindTexture2D(size_t *off, const struct texture<T, d, m> &tex, const void *p, const struct cudaChannelFormatDesc &desc, size_t w, size_t h, size_t pitch);
template <class T, int d, enum cudaTextureReadMode m> cudaError_t cudaBindTextureToArray(const struct texture<T, d, m> &tex, cudaArray_const_t a);
template <class T, int d, enum cudaTextureReadMode m> cudaError_t cudaBindTextureToArray(const struct texture<T, d, m> &tex, cudaArray_const_t a, const struct cudaChannelFormatDesc &desc);
template <class T, int d, enum cudaTextureReadMode m> cudaError_t cudaUnbindTexture(const struct texture<T, d, m> &tex);
cudaError_t cudaUnbindTexture(const struct textureReference *);
typedef void (*cudaHostFn_t)(void *);
typedef void (*cudaStreamCallback_t)(cudaStream_t, cudaError_t, void *);
cudaError_t cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t, void *);
cudaError_t cudaStreamAddCallback(cudaStream_t, cudaStreamCallback_t, void *, unsigned int);
#include "rapcc_cuda_launch.h"
#endif
